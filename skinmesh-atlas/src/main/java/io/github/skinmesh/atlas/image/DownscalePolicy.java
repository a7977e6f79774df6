package io.github.skinmesh.atlas.image;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What to do when images do not fit the atlas's maximum size: the sizes to try next. The packer's
 * caller drives it: first {@link #fitEach} (no single image may exceed the maximum), then pack, and
 * while the set does not fit, {@link #shrink} and pack again; finally resize the images that changed
 * ({@link Resample#resize} with {@link ResampleFilter#BOX}) and report them ({@link #report}).
 *
 * <p>Every step halves a side ({@code ceil(side/2)}, never below {@code minSide}), so power-of-two
 * images stay powers of two and their resizing is an exact 2:1 box reduction.
 *
 * <pre>{@code
 * List<ImageSize> sizes = policy.fitEach(names, original, new ImageSize(4096, 4096));
 * while (!packs(sizes)) {
 *     sizes = policy.shrink(sizes).orElseThrow(() -> new ValidationException("atlas: the images do not fit"));
 * }
 * }</pre>
 *
 * @param mode which images shrink; default {@link DownscaleMode#OFF}
 * @param minSide the smallest side a step produces, 1..{@value #MAX_MIN_SIDE} (a block size such as 4
 *     keeps compressed-format blocks whole); default 1
 */
public record DownscalePolicy(DownscaleMode mode, int minSide) {
    /** Largest {@code minSide}. */
    public static final int MAX_MIN_SIDE = 4096;
    /** No downscaling. */
    public static final DownscalePolicy DEFAULTS = new DownscalePolicy(DownscaleMode.OFF, 1);

    /**
     * Validates the policy.
     *
     * @param mode which images shrink
     * @param minSide 1..{@value #MAX_MIN_SIDE}
     * @throws ValidationException when {@code minSide} is out of range
     */
    public DownscalePolicy {
        Objects.requireNonNull(mode, "mode");
        Checks.requireRange("DownscalePolicy", "minSide", minSide, 1, MAX_MIN_SIDE);
    }

    /**
     * @param value which images shrink
     * @return a copy with that mode
     */
    public DownscalePolicy withMode(DownscaleMode value) {
        return new DownscalePolicy(value, minSide);
    }

    /**
     * @param value the smallest side, 1..{@value #MAX_MIN_SIDE}
     * @return a copy with that limit
     */
    public DownscalePolicy withMinSide(int value) {
        return new DownscalePolicy(mode, value);
    }

    /**
     * Makes every image fit the maximum size on its own, halving both sides of any that does not (under
     * any mode but {@link DownscaleMode#OFF}) until it fits.
     *
     * @param names the images' names, for messages, one per size
     * @param sizes the images' sizes
     * @param max the largest page
     * @return the sizes, each inside {@code max} (a new list)
     * @throws ValidationException naming the first image larger than {@code max} when the mode is
     *     {@link DownscaleMode#OFF}, or when halving down to {@code minSide} cannot make it fit, or when
     *     the lists differ in length
     */
    public List<ImageSize> fitEach(List<String> names, List<ImageSize> sizes, ImageSize max) {
        if (names.size() != sizes.size()) {
            throw new ValidationException("fitEach: " + names.size() + " names for " + sizes.size() + " sizes");
        }
        List<ImageSize> out = new ArrayList<>(sizes.size());
        for (int i = 0; i < sizes.size(); i++) {
            ImageSize s = sizes.get(i);
            if (s.width() <= max.width() && s.height() <= max.height()) {
                out.add(s);
                continue;
            }
            String what = "image " + Checks.quote(names.get(i)) + " (input " + i + ")";
            if (mode == DownscaleMode.OFF) {
                throw new ValidationException(what + ": " + s + " is larger than the maximum atlas size " + max
                        + " and downscaling is off");
            }
            int w = s.width();
            int h = s.height();
            while (w > max.width() || h > max.height()) {
                // both sides, so the texel density stays the same along u and v
                int nw = halve(w);
                int nh = halve(h);
                if (nw == w && nh == h) {
                    throw new ValidationException(what + ": " + s + " cannot be halved into the maximum atlas size "
                            + max + " without a side below " + minSide);
                }
                w = nw;
                h = nh;
            }
            out.add(new ImageSize(w, h));
        }
        return out;
    }

    /**
     * One step down after a set failed to pack.
     *
     * @param current the sizes of the last attempt
     * @return the sizes to try next (a new list), or empty when the mode is {@link DownscaleMode#OFF} or
     *     no image can shrink further
     */
    public Optional<List<ImageSize>> shrink(List<ImageSize> current) {
        if (mode == DownscaleMode.OFF) {
            return Optional.empty();
        }
        long largest = -1;
        for (ImageSize s : current) {
            if (canShrink(s)) {
                largest = Math.max(largest, s.area());
            }
        }
        if (largest < 0) {
            return Optional.empty();
        }
        List<ImageSize> out = new ArrayList<>(current.size());
        for (ImageSize s : current) {
            boolean chosen = canShrink(s) && (mode == DownscaleMode.UNIFORM || s.area() == largest);
            out.add(chosen ? new ImageSize(halve(s.width()), halve(s.height())) : s);
        }
        return Optional.of(out);
    }

    /**
     * Describes what downscaling did, one sentence per image whose size changed.
     *
     * @param names the images' names
     * @param original their sizes before
     * @param result their sizes after
     * @return the sentences, e.g. {@code "image 'torso.png' (input 2): downscaled from 1024x1024 to
     *     512x512 (the set did not fit the atlas)"}
     * @throws ValidationException when the lists differ in length
     */
    public static List<String> report(List<String> names, List<ImageSize> original, List<ImageSize> result) {
        if (names.size() != original.size() || original.size() != result.size()) {
            throw new ValidationException("report: " + names.size() + " names, " + original.size() + " original and "
                    + result.size() + " resulting sizes");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (!original.get(i).equals(result.get(i))) {
                out.add("image " + Checks.quote(names.get(i)) + " (input " + i + "): downscaled from " + original.get(i)
                        + " to " + result.get(i) + " (the set did not fit the atlas)");
            }
        }
        return out;
    }

    private boolean canShrink(ImageSize s) {
        return halve(s.width()) < s.width() || halve(s.height()) < s.height();
    }

    private int halve(int side) {
        return side <= minSide ? side : Math.max(minSide, (side + 1) / 2);
    }
}
