package io.github.skinmesh.atlas.image;

import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.CancelledException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Sampler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Composites images into atlas pages: each placed image is copied into its rectangle (turned when the
 * placement is rotated), its gutter filled by edge extrusion, optionally its transparent texels given
 * the nearest opaque color. The rest of a page is transparent black (all channels 0).
 *
 * <p>The placements come from the packer ({@link Placement}: input index, page, texel origin, size on
 * the page, rotation); this class does not move anything. It checks, before allocating any page, that
 * every placement names an image and a page that exist, that the image's size is the placement's
 * source size, that the rectangle lies on its page, that no two rectangles with their gutters overlap,
 * and that each rectangle keeps the required mip levels clean (the rule is stated at
 * {@link CompositeOptions}).
 *
 * <pre>{@code
 * List<Placement> placed = ...;                                // from the packer
 * CompositeResult atlas = Compositor.composite(images, placed, List.of(new ImageSize(2048, 2048)),
 *         CompositeOptions.DEFAULTS.withGutter(8).withMinCleanLevel(3), Progress.NONE);
 * byte[] png = Png.encode(atlas.page(0));
 * }</pre>
 *
 * <p>Deterministic: the same images, placements, pages and options give the same texels. Allocates the
 * pages ({@code width*height*bytesPerTexel} each), a converted copy of each image whose format differs
 * from the pages', and with color bleed two {@code int} arrays per rectangle. Thread-safe (stateless);
 * the inputs are only read.
 */
public final class Compositor {
    private Compositor() {
    }

    /**
     * Composites with {@link CompositeOptions#DEFAULTS} and no progress reporting.
     *
     * @param images the images, indexed by {@link Placement#input()}
     * @param placements where each image goes
     * @param pages the size of each page, indexed by {@link Placement#page()}
     * @return the pages and the report
     * @throws ValidationException as {@link #composite(List, List, List, CompositeOptions, Progress)}
     */
    public static CompositeResult composite(List<? extends PixelImage> images, List<Placement> placements,
            List<ImageSize> pages) {
        return composite(images, placements, pages, CompositeOptions.DEFAULTS, Progress.NONE);
    }

    /**
     * Composites images into pages.
     *
     * <p>An image may be placed several times or not at all. Progress is reported once per placement
     * (stage {@code "compositing"}) and cancellation checked at the same steps.
     *
     * @param images the images, indexed by {@link Placement#input()}
     * @param placements where each image goes; composited in this order
     * @param pages the size of each page, indexed by {@link Placement#page()}
     * @param options gutter, clean-level requirement, color bleed, page format
     * @param progress receives progress, may cancel
     * @return the pages and the report
     * @throws ValidationException naming the placement and image when a placement's input or page does
     *     not exist, the image's size differs from the placement's source size, the rectangle leaves its
     *     page, two rectangles with their gutters overlap, or (with {@link GutterCheck#FAIL}) a rectangle
     *     keeps fewer mip levels clean than {@link CompositeOptions#minCleanLevel()}
     * @throws CancelledException when {@code progress} asks to stop; no page is returned
     */
    public static CompositeResult composite(List<? extends PixelImage> images, List<Placement> placements,
            List<ImageSize> pages, CompositeOptions options, Progress progress) {
        return composite(images, null, placements, pages, options, progress);
    }

    /**
     * Composites images into pages, each rectangle's gutter continuing its image as the image's own
     * sampler would read beyond its edge: per axis, {@code CLAMP_TO_EDGE} extrudes the edge texels,
     * {@code REPEAT} continues from the opposite edge, {@code MIRRORED_REPEAT} mirrors (see
     * {@link #composite(List, List, List, CompositeOptions, Progress)} for the rest). A bilinear or
     * mipmapped read of the page, clamped to the page's edge, across a rectangle's edge then sees what
     * the original sampler sees across the image's edge, as far as the gutter reaches. A rotated
     * placement swaps the axes the wrap modes apply to.
     *
     * @param images the images, indexed by {@link Placement#input()}
     * @param samplers the sampler each image is drawn with, indexed like {@code images} (only the wrap
     *     modes are used), or {@code null} for edge extrusion everywhere
     * @param placements where each image goes; composited in this order
     * @param pages the size of each page, indexed by {@link Placement#page()}
     * @param options gutter, clean-level requirement, color bleed, page format
     * @param progress receives progress, may cancel
     * @return the pages and the report
     * @throws ValidationException as {@link #composite(List, List, List, CompositeOptions, Progress)}, and
     *     when {@code samplers} is given with another size than {@code images}
     * @throws CancelledException when {@code progress} asks to stop; no page is returned
     */
    public static CompositeResult composite(List<? extends PixelImage> images, @Nullable List<Sampler> samplers,
            List<Placement> placements, List<ImageSize> pages, CompositeOptions options, Progress progress) {
        Objects.requireNonNull(images, "images");
        if (samplers != null && samplers.size() != images.size()) {
            throw new ValidationException("composite: " + samplers.size() + " samplers for " + images.size()
                    + " images, expected one per image");
        }
        Objects.requireNonNull(placements, "placements");
        Objects.requireNonNull(pages, "pages");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(progress, "progress");
        List<String> warnings = new ArrayList<>();
        int[] cleanLevels = check(images, placements, pages, options, warnings);

        TexelFormat widest = TexelFormat.RGBA8;
        for (Placement p : placements) {
            widest = widest.widest(images.get(p.input()).format());
        }
        TexelFormat format = options.pageFormat().resolve(widest);
        Object[] data = new Object[pages.size()];
        for (int i = 0; i < data.length; i++) {
            int length = Texels.length("page " + i, pages.get(i).width(), pages.get(i).height());
            data[i] = format == TexelFormat.RGBA8 ? new byte[length] : format == TexelFormat.RGBA16
                    ? new short[length] : new float[length];
        }
        long bled = 0;
        for (int k = 0; k < placements.size(); k++) {
            progress.checkCancelled("composite");
            Placement p = placements.get(k);
            PixelImage image = images.get(p.input());
            ImageSize page = pages.get(p.page());
            Blit.copy(raw(image.convert(format)), image.width(), image.height(), data[p.page()], page.width(), p.x(),
                    p.y(), p.rotated());
            if (options.colorBleed() == ColorBleed.NEAREST) {
                bled += NearestBleed.apply(data[p.page()], page.width(), p.x(), p.y(), p.width(), p.height());
            }
            Sampler sampler = samplers == null ? null : samplers.get(p.input());
            Sampler.Wrap wrapS = sampler == null ? Sampler.Wrap.CLAMP_TO_EDGE : sampler.wrapS();
            Sampler.Wrap wrapT = sampler == null ? Sampler.Wrap.CLAMP_TO_EDGE : sampler.wrapT();
            EdgeExtrusion.extrude(data[p.page()], page.width(), page.height(), p.x(), p.y(), p.width(), p.height(),
                    options.gutter(), p.rotated() ? wrapT : wrapS, p.rotated() ? wrapS : wrapT);
            progress.update("compositing", k + 1, placements.size());
        }
        progress.checkCancelled("composite");
        List<PixelImage> out = new ArrayList<>(data.length);
        for (int i = 0; i < data.length; i++) {
            ImageSize size = pages.get(i);
            String name = "page " + i;
            out.add(format == TexelFormat.RGBA8 ? Rgba8Image.adopt(name, size.width(), size.height(), (byte[]) data[i])
                    : format == TexelFormat.RGBA16 ? Rgba16Image.adopt(name, size.width(), size.height(),
                    (short[]) data[i]) : RgbaFloatImage.adopt(name, size.width(), size.height(), (float[]) data[i]));
        }
        return new CompositeResult(out, cleanLevels, bled, warnings);
    }

    static Object raw(PixelImage image) {
        if (image instanceof Rgba8Image) {
            return ((Rgba8Image) image).raw();
        }
        if (image instanceof Rgba16Image) {
            return ((Rgba16Image) image).raw();
        }
        return ((RgbaFloatImage) image).raw();
    }

    private static String describe(int k, Placement p, List<? extends PixelImage> images) {
        return "placement " + k + " (image " + Checks.quote(images.get(p.input()).name()) + ", input " + p.input()
                + ")";
    }

    /** Validates everything and computes the clean level of each placement. */
    private static int[] check(List<? extends PixelImage> images, List<Placement> placements, List<ImageSize> pages,
            CompositeOptions options, List<String> warnings) {
        int g = options.gutter();
        int[] clean = new int[placements.size()];
        for (int k = 0; k < placements.size(); k++) {
            Placement p = Objects.requireNonNull(placements.get(k), "placement");
            if (p.input() >= images.size()) {
                throw new ValidationException("composite: placement " + k + ": input " + p.input() + ", but there are "
                        + images.size() + " images");
            }
            Objects.requireNonNull(images.get(p.input()), "image");
            String what = describe(k, p, images);
            if (p.page() >= pages.size()) {
                throw new ValidationException("composite: " + what + ": page " + p.page() + ", but there are "
                        + pages.size() + " pages");
            }
            PixelImage image = images.get(p.input());
            if (image.width() != p.sourceWidth() || image.height() != p.sourceHeight()) {
                throw new ValidationException("composite: " + what + ": the image is " + image.width() + "x"
                        + image.height() + ", the placement holds " + p.sourceWidth() + "x" + p.sourceHeight()
                        + (p.rotated() ? " (turned to " + p.width() + "x" + p.height() + ")" : ""));
            }
            ImageSize page = pages.get(p.page());
            if ((long) p.x() + p.width() > page.width() || (long) p.y() + p.height() > page.height()) {
                throw new ValidationException("composite: " + what + ": rectangle at (" + p.x() + ", " + p.y()
                        + ") of " + p.width() + "x" + p.height() + " leaves page " + p.page() + " of " + page);
            }
            clean[k] = GutterRule.cleanLevel(p.x(), p.y(), p.width(), p.height(), page.width(), page.height(), g,
                    CompositeOptions.MAX_LEVEL);
            if (clean[k] < options.minCleanLevel()) {
                String message = what + ": with a " + g + "-texel gutter the rectangle at (" + p.x() + ", " + p.y()
                        + ") of " + p.width() + "x" + p.height() + " on page " + p.page() + " (" + page + ") keeps "
                        + (clean[k] < 0 ? "no mip level" : "mip levels 0.." + clean[k]) + " clean, level "
                        + options.minCleanLevel() + " required (with origin and size multiples of 2^L a gutter of "
                        + "2^L keeps level L clean)";
                if (options.gutterCheck() == GutterCheck.FAIL) {
                    throw new ValidationException("composite: " + message);
                }
                warnings.add(message);
            }
        }
        checkDisjoint(images, placements, pages, g);
        return clean;
    }

    /** No two rectangles of a page overlap once grown by the gutter (clipped to the page). */
    private static void checkDisjoint(List<? extends PixelImage> images, List<Placement> placements,
            List<ImageSize> pages, int g) {
        Integer[] order = new Integer[placements.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // sweep along x per page: sorted by page, then padded left edge
        Arrays.sort(order, (a, b) -> {
            Placement pa = placements.get(a);
            Placement pb = placements.get(b);
            int c = Integer.compare(pa.page(), pb.page());
            return c != 0 ? c : Integer.compare(pa.x(), pb.x());
        });
        for (int i = 0; i < order.length; i++) {
            Placement a = placements.get(order[i]);
            long aRight = (long) a.x() + a.width() + g;
            for (int j = i + 1; j < order.length; j++) {
                Placement b = placements.get(order[j]);
                if (b.page() != a.page() || b.x() - g >= aRight) {
                    break;
                }
                boolean overlapY = (long) b.y() - g < (long) a.y() + a.height() + g
                        && (long) a.y() - g < (long) b.y() + b.height() + g;
                boolean overlapX = (long) b.x() - g < aRight; // b.x >= a.x by the sort
                if (overlapX && overlapY) {
                    int first = Math.min(order[i], order[j]);
                    int second = Math.max(order[i], order[j]);
                    Placement p = placements.get(first);
                    Placement q = placements.get(second);
                    throw new ValidationException("composite: " + describe(first, p, images) + " at (" + p.x() + ", "
                            + p.y() + ") of " + p.width() + "x" + p.height() + " and " + describe(second, q, images)
                            + " at (" + q.x() + ", " + q.y() + ") of " + q.width() + "x" + q.height() + " on page "
                            + p.page() + " overlap" + (g > 0 ? " once grown by the " + g + "-texel gutter" : ""));
                }
            }
        }
    }
}
