/** The part of utif2's API the viewer (and its tests) use; see utif.js for why it is declared here. */

/** An image file directory: tags as "t<number>" keys; decodeImage adds width, height and data. */
export interface IFD {
  [tag: string]: unknown;
  data: Uint8Array;
  width: number;
  height: number;
}

declare const UTIF: {
  decode(buffer: ArrayBuffer, options?: { parseMN?: boolean; debug?: boolean }): IFD[];
  decodeImage(buffer: ArrayBuffer, ifd: IFD): void;
  toRGBA8(ifd: IFD): Uint8Array;
  encodeImage(rgba: Uint8Array, width: number, height: number, metadata?: Record<string, unknown>): ArrayBuffer;
  encode(ifds: Record<string, unknown>[]): ArrayBuffer;
};
export default UTIF;
