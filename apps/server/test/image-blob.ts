// PGlite reads an image it loads with Blob.arrayBuffer(), which on Node 20 streams the bytes
// back in small chunks: some 0.3 s of a core for the migrated image's 42 MB, paid by every
// database a run loads. The bytes are already in memory here, so they are handed over at once.

/** A Blob of `bytes` whose arrayBuffer() answers with a copy of them without streaming. */
export function imageBlob(bytes: Uint8Array<ArrayBuffer>): Blob {
  return new ImageBlob(bytes);
}

class ImageBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;

  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes]);
    this.#bytes = bytes;
  }

  // A copy: whoever reads it may keep or change what it got.
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}
