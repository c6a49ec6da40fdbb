/** A small deterministic PRNG (a linear congruential generator): every run builds the same data and asks the same questions. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}
