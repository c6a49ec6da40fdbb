import type { Readable } from 'node:stream';

/** The box a thumbnail fits in, in pixels. */
export const THUMBNAIL_SIZE = 320;

/**
 * The largest picture a thumbnail is made of, in pixels: a small file that unpacks to a huge
 * picture (a decompression bomb) is refused before it is decoded.
 */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A WebP thumbnail of a picture, fitting THUMBNAIL_SIZE × THUMBNAIL_SIZE, turned as its EXIF
 * says, never enlarged. The picture is decoded by libvips off the event loop (libuv's pool).
 * The returned stream fails for a picture too large or corrupt: then there is no thumbnail.
 * libvips loads with the first picture, not in every server's memory at rest.
 */
export async function thumbnailOf(picture: Readable): Promise<Readable> {
  const { default: sharp } = await import('sharp');
  const transformer = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 });
  picture.on('error', (error) => transformer.destroy(error));
  return picture.pipe(transformer);
}
