/**
 * A text as a `like` pattern matches it literally: `%`, `_` and `\` stand for themselves.
 * Every pattern built with it is used with `escape '\'`.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
