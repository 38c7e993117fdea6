/**
 * A photo or picture of the data module ({ src, alt, width, height? }).
 *
 * A photo (a JPEG, PNG or WebP name, see webapp/build/images.mjs) becomes a
 * <picture> with AVIF and WebP sources at the widths the build made, so the
 * browser fetches the smallest file that is sharp at the size shown
 * (`sizes`); its height follows the real file's proportions, so nothing
 * moves as it loads. Anything else (an SVG URL) is a plain <img>.
 *
 * `priority`: 'high' for the page's largest picture at the top (fetched
 * first: it is what Largest Contentful Paint waits for), 'eager' for one
 * seen at once, otherwise the picture is lazy (below the fold).
 */
import { pictures } from '../generated/pictures.js';

const srcSet = (candidates) => candidates.map(({ url, width }) => `${url} ${width}w`).join(', ');

export default function Picture({ image, sizes, className, priority = 'lazy' }) {
  const picture = pictures[image.src];
  const loading = {
    loading: priority === 'lazy' ? 'lazy' : undefined,
    fetchPriority: priority === 'high' ? 'high' : undefined,
    decoding: 'async',
  };
  if (!picture) {
    return (
      <img
        className={className}
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        {...loading}
      />
    );
  }
  // Shown `image.width` wide; the height follows the file's own proportions unless the data sets it.
  const height = image.height ?? Math.round((image.width * picture.height) / picture.width);
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(picture.avif)} sizes={sizes ?? `${image.width}px`} />
      <source type="image/webp" srcSet={srcSet(picture.webp)} sizes={sizes ?? `${image.width}px`} />
      <img
        className={className}
        src={picture.fallback}
        alt={image.alt}
        width={image.width}
        height={height}
        {...loading}
      />
    </picture>
  );
}
