/**
 * Certificates and keys for the receiver: the ones a person picks for direct HTTPS (checked before
 * they are used or stored), and the Sandbox's self-signed certificate (made with `selfsigned`, kept in
 * memory only, trusted by the Sandbox's delivery route alone).
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import fs from 'node:fs/promises';
import { generate } from 'selfsigned';
import { AppError } from '../errors';

/** The host name the Sandbox's webhook URL uses and its certificate names. */
export const SANDBOX_RECEIVER_HOST = 'localhost';

export interface TlsMaterial {
  cert: string;
  key: string;
}

/** A fresh self-signed certificate for `localhost` (and 127.0.0.1), valid for 30 days. */
export async function makeSandboxCertificate(): Promise<TlsMaterial> {
  const notAfter = new Date(Date.now() + 30 * 24 * 3600_000);
  const pems = await generate([{ name: 'commonName', value: 'Faxdesk Sandbox receiver' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: SANDBOX_RECEIVER_HOST }, { type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

async function readText(file: string, what: string, field: string): Promise<string> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) throw new AppError('VALIDATION', `${file} is not a file. Choose the ${what} file.`, { field });
    if (stat.size > 256 * 1024) throw new AppError('VALIDATION', `${file} is too large to be a ${what} (over 256 KB).`, { field });
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new AppError(
      'VALIDATION',
      code === 'ENOENT' ? `There is no file at ${file}.` : `Faxdesk could not read ${file} (${code ?? 'error'}). Check that this user may read it.`,
      { field },
    );
  }
}

/** A PEM private key from a file, checked; its text is returned for the keychain (the path is not kept). */
export async function readPrivateKeyFile(file: string): Promise<string> {
  const pem = await readText(file, 'private key', 'keyPath');
  try {
    createPrivateKey(pem);
  } catch {
    throw new AppError('VALIDATION', `${file} does not hold a PEM private key (it should start with "-----BEGIN ... PRIVATE KEY-----" and have no passphrase).`, { field: 'keyPath' });
  }
  return pem;
}

/** The certificate (chain) at `file`, checked: PEM, not expired, and made for `key` when one is given. */
export async function readCertificateFile(file: string, key: string | null): Promise<string> {
  const pem = await readText(file, 'certificate', 'certPath');
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    throw new AppError('VALIDATION', `${file} does not hold a PEM certificate (it should start with "-----BEGIN CERTIFICATE-----").`, { field: 'certPath' });
  }
  if (Date.parse(cert.validTo) < Date.now()) throw new AppError('VALIDATION', `The certificate in ${file} expired on ${cert.validTo}.`, { field: 'certPath' });
  if (key !== null && !cert.checkPrivateKey(createPrivateKey(key))) {
    throw new AppError('VALIDATION', `The certificate in ${file} does not belong to the stored private key. Choose the matching key file again.`, { field: 'certPath' });
  }
  return pem;
}

/** The parts of a PEM key long enough to be searched for in logs on their own. */
export function secretFragments(pem: string): string[] {
  return [pem, ...pem.split(/\r?\n/).filter((line) => line.length >= 16 && !line.startsWith('-----'))];
}
