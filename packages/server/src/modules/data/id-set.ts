/** An id as Nestbox makes them (`newId`, UUID version 7): 32 hex digits in five groups. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY = 16;
const FIRST_SLOTS = 1_024;

/**
 * A set of item ids that holds a million of them in 32 MB outside the JavaScript heap, where a
 * `Set` of the strings takes some 80 MB inside it (which the heap then doubles before it is
 * collected). UUIDs are kept as their 16 bytes in an open-addressed table, half full at most;
 * any other id (an older data set's) in a plain `Set`.
 */
export class IdSet {
  #keys = Buffer.alloc(FIRST_SLOTS * KEY);
  #filled = new Uint8Array(FIRST_SLOTS);
  #size = 0;
  readonly #others = new Set<string>();
  readonly #key = Buffer.alloc(KEY);

  /** Adds `id`: answers false when it was there already. */
  add(id: string): boolean {
    if (!UUID.test(id)) {
      if (this.#others.has(id)) return false;
      this.#others.add(id);
      return true;
    }
    this.#key.write(id.replaceAll('-', ''), 'hex');
    if ((this.#size + 1) * 2 > this.#filled.length) this.#grow();
    const slot = this.#slotOf(this.#key, 0);
    if (this.#filled[slot]) return false;
    this.#key.copy(this.#keys, slot * KEY);
    this.#filled[slot] = 1;
    this.#size++;
    return true;
  }

  /** The slot holding the key at `source[from…]`, or the empty one where it would go. */
  #slotOf(source: Buffer, from: number): number {
    const mask = this.#filled.length - 1;
    // The random end of a version 7 UUID: its start is a time, the same for ids made together.
    let slot = (source.readUInt32LE(from + 8) ^ source.readUInt32LE(from + 12)) & mask;
    while (
      this.#filled[slot] &&
      this.#keys.compare(source, from, from + KEY, slot * KEY, slot * KEY + KEY) !== 0
    )
      slot = (slot + 1) & mask;
    return slot;
  }

  #grow() {
    const keys = this.#keys;
    const filled = this.#filled;
    this.#keys = Buffer.alloc(keys.length * 2);
    this.#filled = new Uint8Array(filled.length * 2);
    for (let old = 0; old < filled.length; old++) {
      if (!filled[old]) continue;
      const slot = this.#slotOf(keys, old * KEY);
      keys.copy(this.#keys, slot * KEY, old * KEY, old * KEY + KEY);
      this.#filled[slot] = 1;
    }
  }
}
