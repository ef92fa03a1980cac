/**
 * Copying values between the main process and a page, as Electron does.
 *
 * IPC (ipcRenderer.invoke/send, webContents.send, the value a handle() returns) uses the HTML structured
 * clone algorithm: "prototype chains will not be included. Sending Functions, Promises, Symbols, WeakMaps,
 * or WeakSets will throw an exception" (https://www.electronjs.org/docs/latest/api/ipc-renderer#ipcrendererinvokechannel-args).
 * Node's `structuredClone` is that algorithm (class instances arrive as plain objects, a Buffer as a
 * Uint8Array), so it is the rule; `intoRealm` then rebuilds the copy with the receiving realm's own
 * constructors, since every page is its own JavaScript world.
 */
import { types } from 'node:util';

/** Electron's words when a value cannot be cloned (the DataCloneError of structured clone). */
export function ipcClone<T>(value: T, what: string): T {
  try {
    return structuredClone(value);
  } catch (error) {
    throw new Error(`An object could not be cloned. (${what}: ${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
}

/** The constructors of a realm (a vm context's globals). */
export interface RealmGlobals {
  Object: ObjectConstructor;
  Array: ArrayConstructor;
  Date: DateConstructor;
  RegExp: RegExpConstructor;
  Map: MapConstructor;
  Set: SetConstructor;
  Error: ErrorConstructor;
  Uint8Array: Uint8ArrayConstructor;
  ArrayBuffer: ArrayBufferConstructor;
  Promise: PromiseConstructor;
}

/** Rebuilds an already cloned (plain) value with `realm`'s constructors. */
export function intoRealm(value: unknown, realm: RealmGlobals, seen = new Map<object, unknown>()): unknown {
  if (value === null || typeof value !== 'object') return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const out = new realm.Array();
    seen.set(value, out);
    for (const item of value) out.push(intoRealm(item, realm, seen));
    return out;
  }
  if (types.isDate(value)) return new realm.Date((value as Date).getTime());
  if (types.isRegExp(value)) return new realm.RegExp((value as RegExp).source, (value as RegExp).flags);
  if (types.isMap(value)) {
    const out = new realm.Map();
    seen.set(value, out);
    for (const [k, v] of value as Map<unknown, unknown>) out.set(intoRealm(k, realm, seen), intoRealm(v, realm, seen));
    return out;
  }
  if (types.isSet(value)) {
    const out = new realm.Set();
    seen.set(value, out);
    for (const v of value as Set<unknown>) out.add(intoRealm(v, realm, seen));
    return out;
  }
  if (types.isNativeError(value)) {
    const error = new realm.Error((value as Error).message);
    error.name = (value as Error).name;
    return error;
  }
  if (types.isArrayBuffer(value)) return new realm.Uint8Array(new Uint8Array(value as ArrayBuffer)).buffer;
  if (types.isTypedArray(value)) return new realm.Uint8Array(new Uint8Array((value as Uint8Array).buffer, (value as Uint8Array).byteOffset, (value as Uint8Array).byteLength));
  const out = new realm.Object() as Record<string, unknown>;
  seen.set(value, out);
  for (const [k, v] of Object.entries(value)) out[k] = intoRealm(v, realm, seen);
  return out;
}
