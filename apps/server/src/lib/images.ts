import sharp from 'sharp';
import { AppError } from './errors.ts';

/**
 * The most pixels an uploaded image may have: 40 MP (most phones shoot 12 MP by default, a page
 * scanned at 300 dpi is 9 MP; a phone's 48 MP or larger full-resolution mode is refused). A small
 * PNG of one colour can claim 100,000 × 100,000 pixels, which decoded would take gigabytes: its
 * size is read from its header first.
 */
export const maxImagePixels = 40_000_000;

/**
 * Refuses an image over 40 MP from its header alone, before anything decodes it. An image whose
 * header sharp cannot read is left to the caller's own refusal (it will fail to decode).
 */
export async function refuseHugeImage(content: Buffer): Promise<void> {
  let size: { width?: number; height?: number; pages?: number };
  try {
    size = await sharp(content, { limitInputPixels: false }).metadata();
  } catch {
    return;
  }
  const pixels = (size.width ?? 0) * (size.height ?? 0) * Math.max(1, size.pages ?? 1);
  if (pixels > maxImagePixels) {
    throw new AppError('IMAGE_TOO_LARGE', 'The image has too many pixels', {
      width: size.width,
      height: size.height,
      maxPixels: maxImagePixels,
    });
  }
}

/**
 * An image read for re-encoding: at most 40 MP even if its header lied, stopped at the first
 * error, turned upright by its EXIF orientation. Its output keeps none of the input's metadata
 * (sharp writes none unless asked: no GPS place, no time, no phone make, no comments).
 */
export function uprightImage(content: Buffer) {
  return sharp(content, { failOn: 'error', limitInputPixels: maxImagePixels }).rotate();
}
