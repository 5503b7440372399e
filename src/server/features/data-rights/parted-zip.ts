/**
 * A ZIP written as it is made, in parts of a fixed size (decision 0043): each file is added in
 * turn, compressed as its chunks arrive, and every full part is handed to `store` (the worker
 * writes it to `data_export_parts`) before the next chunk is read. What the worker holds at a
 * time is one part and the chunk being added, however large the archive grows.
 */
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** The size of an archive's stored parts. */
export const ARCHIVE_PART_BYTES = 1024 * 1024;

export type StorePart = (partNo: number, bytes: Uint8Array) => Promise<void>;

export class PartedZip {
  private readonly zip: Zip;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private failure: Error | null = null;
  private parts = 0;
  private bytes = 0;

  constructor(
    private readonly store: StorePart,
    private readonly partBytes: number = ARCHIVE_PART_BYTES,
    private readonly mtime: Date = new Date(),
  ) {
    if (!Number.isInteger(partBytes) || partBytes < 1) throw new RangeError(`part size ${partBytes}`);
    // fflate calls back synchronously with each piece of the archive; the pieces wait here until
    // `flush` stores them, which happens after every chunk added.
    this.zip = new Zip((error, data) => {
      if (error) this.failure = error;
      else if (data.byteLength > 0) {
        this.pending.push(data);
        this.pendingBytes += data.byteLength;
      }
    });
  }

  /**
   * Adds one file from its chunks (text as UTF-8), storing each part filled on the way.
   * `compress: false` for what is compressed already (Word and Excel files are ZIPs themselves).
   */
  async add(name: string, chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>, options: { compress?: boolean } = {}): Promise<void> {
    const file = options.compress === false ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    file.mtime = this.mtime;
    this.zip.add(file);
    for await (const chunk of chunks) {
      file.push(typeof chunk === 'string' ? strToU8(chunk) : chunk, false);
      await this.flush(false);
    }
    file.push(new Uint8Array(0), true);
    await this.flush(false);
  }

  /** Ends the archive (its central directory) and stores the last part: its size and number of parts. */
  async end(): Promise<{ bytes: number; parts: number }> {
    this.zip.end();
    await this.flush(true);
    return { bytes: this.bytes, parts: this.parts };
  }

  private async flush(all: boolean): Promise<void> {
    if (this.failure) throw this.failure;
    while (this.pendingBytes >= this.partBytes || (all && this.pendingBytes > 0)) {
      const part = this.take(Math.min(this.partBytes, this.pendingBytes));
      await this.store(this.parts, part);
      this.parts += 1;
      this.bytes += part.byteLength;
    }
  }

  /** The first `size` pending bytes as one part. */
  private take(size: number): Uint8Array {
    const part = new Uint8Array(size);
    let offset = 0;
    while (offset < size) {
      const head = this.pending[0]!;
      const length = Math.min(head.byteLength, size - offset);
      part.set(head.subarray(0, length), offset);
      offset += length;
      if (length === head.byteLength) this.pending.shift();
      else this.pending[0] = head.subarray(length);
    }
    this.pendingBytes -= size;
    return part;
  }
}
