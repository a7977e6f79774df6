package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class FrameLayoutTest {
    static AnimationClip clip(String name, float... times) {
        float[] values = new float[3 * times.length];
        return AnimationClip.of(name, List.of(BoneChannel.of("root", ChannelPath.TRANSLATION, Interpolation.LINEAR,
                times, values)));
    }

    static FrameLayout.Sampling sampling(float fps) {
        return new FrameLayout.Sampling(fps, FrameTimes.FIXED_RATE, 4096, Vat.MAX_TEXTURE_SIZE, TextureSize.FREE,
                PageMode.SINGLE);
    }

    @Property(tries = 300)
    void framesStartAtZeroEndExactlyAtTheDurationAndNeverStepMoreThanOneFrame(
            @ForAll @FloatRange(min = 0.01f, max = 20) float duration, @ForAll @FloatRange(min = 1, max = 120) float fps) {
        FrameLayout l = FrameLayout.plan("test", 10, 1, List.of(clip("c", 0, duration)), sampling(fps));
        FrameLayout.ClipFrames cf = l.clips.get(0);
        // naive reference: the smallest n with (n - 1) / fps >= duration, allowing a thousandth of a frame
        int n = 1;
        while ((n - 1) < duration * (double) fps - FrameLayout.FRAME_SLACK) {
            n++;
        }
        assertThat(cf.frames()).isEqualTo(n);
        assertThat(cf.time(0)).isZero();
        assertThat(cf.time(cf.frames() - 1)).isEqualTo(duration);
        for (int f = 1; f < cf.frames(); f++) {
            double step = cf.time(f) - (double) cf.time(f - 1);
            assertThat(step).isGreaterThan(0).isLessThanOrEqualTo((1 + 2 * FrameLayout.FRAME_SLACK) / fps + 1e-6);
            assertThat(cf.time(f)).isLessThanOrEqualTo(duration);
        }
    }

    /** A clip declared longer than its keys (a glTF animation with later dropped channels) is sampled to its end. */
    @Test
    void aDeclaredDurationIsSampledToItsEnd() {
        AnimationClip clip = clip("c", 0, 1).withDuration(2.5f);
        FrameLayout.ClipFrames cf = FrameLayout.plan("test", 10, 1, List.of(clip), sampling(30)).clips.get(0);
        assertThat(cf.frames()).isEqualTo(76);
        assertThat(cf.time(cf.frames() - 1)).isEqualTo(2.5f);
        assertThat(cf.time(30)).isEqualTo(1f);
        // at the keys' own rate, an end off their grid is said
        FrameLayout keys = FrameLayout.plan("test", 10, 1, List.of(clip("c", 0, 0.5f, 1).withDuration(2.2f)),
                new FrameLayout.Sampling(30, FrameTimes.CLIP_KEYS, 4096, Vat.MAX_TEXTURE_SIZE, TextureSize.FREE,
                        PageMode.SINGLE));
        assertThat(keys.clips.get(0).frames()).isEqualTo(6);
        assertThat(keys.warnings).containsExactly("clip 'c': its duration 2.2 s, past its last key, is not on the grid"
                + " of its smallest key gap (2.0 fps); its last frame interval is shorter");
        // a declared end too far for any frame count is refused with the numbers, not wrapped around
        assertThatThrownBy(() -> FrameLayout.plan("test", 10, 1, List.of(clip("c", 0, 1).withDuration(3e38f)),
                sampling(30))).isInstanceOf(ValidationException.class)
                .hasMessage("test: clip 'c' of 3.0E38 s at 30.0 fps needs " + Long.MAX_VALUE + " frames, more than "
                        + Vat.MAX_FRAMES);
    }

    @Property(tries = 200)
    void clipsFollowEachOtherWithoutSharingARow(@ForAll @IntRange(min = 1, max = 5000) int elements,
            @ForAll @IntRange(min = 1, max = 5) int clipCount, @ForAll @IntRange(min = 16, max = 4096) int maxWidth) {
        List<AnimationClip> clips = new ArrayList<>();
        for (int i = 0; i < clipCount; i++) {
            clips.add(clip("c" + i, 0, 0.1f * (i + 1)));
        }
        FrameLayout l = FrameLayout.plan("test", elements, 1, clips,
                new FrameLayout.Sampling(30, FrameTimes.FIXED_RATE, maxWidth, Vat.MAX_TEXTURE_SIZE, TextureSize.FREE,
                        PageMode.SINGLE));
        // as few rows as the widest width needs, and no narrower width fits a frame in them
        assertThat(l.width).isLessThanOrEqualTo(Math.min(elements, maxWidth));
        assertThat(l.rowsPerFrame).isEqualTo((elements + maxWidth - 1) / maxWidth);
        assertThat((long) l.rowsPerFrame * l.width).isGreaterThanOrEqualTo(elements);
        assertThat((long) l.rowsPerFrame * (l.width - 1)).isLessThan(elements);
        int row = 0;
        for (FrameLayout.ClipFrames cf : l.clips) {
            assertThat(cf.firstRow()).isEqualTo(row);
            row += cf.frames() * l.rowsPerFrame;
        }
        assertThat(l.height).isEqualTo(row);
    }

    @Property(tries = 500)
    void aWrappedRowWidthIsTheNarrowestMultipleOfTheStepThatFitsTheFewestRows(
            @ForAll @IntRange(min = 1, max = 20000) int elements, @ForAll @IntRange(min = 1, max = 3) int step,
            @ForAll @IntRange(min = 16, max = 4096) int maxWidth) {
        FrameLayout l = FrameLayout.plan("test", elements, step, List.of(clip("c", 0, 0.1f)),
                new FrameLayout.Sampling(30, FrameTimes.FIXED_RATE, maxWidth, Vat.MAX_TEXTURE_SIZE, TextureSize.FREE,
                        PageMode.SINGLE));
        if (elements <= maxWidth) {
            assertThat(l.width).isEqualTo(elements);
            assertThat(l.rowsPerFrame).isEqualTo(1);
            return;
        }
        int widest = maxWidth - maxWidth % step;
        assertThat(l.width % step).isZero();
        assertThat(l.width).isLessThanOrEqualTo(widest);
        assertThat(l.rowsPerFrame).isEqualTo((elements + widest - 1) / widest);
        assertThat((long) l.rowsPerFrame * l.width).isGreaterThanOrEqualTo(elements);
        assertThat((long) l.rowsPerFrame * (l.width - step)).isLessThan(elements);
    }

    @Test
    void aFrameOfOneMoreElementThanARowSplitsIntoTwoHalfRows() {
        FrameLayout l = FrameLayout.plan("test", 4097, 1, List.of(clip("c", 0, 1)),
                new FrameLayout.Sampling(30, FrameTimes.FIXED_RATE, 4096, Vat.MAX_TEXTURE_SIZE, TextureSize.FREE,
                        PageMode.SINGLE));
        assertThat(l.width).isEqualTo(2049);
        assertThat(l.rowsPerFrame).isEqualTo(2);
    }

    @Test
    void aWrappedPowerOfTwoFrameKeepsTheLargestPowerOfTwoWidth() {
        for (int[] c : new int[][] {{4096, 4096, 3}, {3000, 2048, 5}}) {
            FrameLayout l = FrameLayout.plan("test", 9555, 1, List.of(clip("c", 0, 1)),
                    new FrameLayout.Sampling(30, FrameTimes.FIXED_RATE, c[0], Vat.MAX_TEXTURE_SIZE,
                            TextureSize.POWER_OF_TWO, PageMode.SINGLE));
            assertThat(new int[] {l.width, l.rowsPerFrame}).as("maxWidth %d", c[0]).containsExactly(c[1], c[2]);
        }
    }

    @Test
    void powerOfTwoRoundsBothSidesUp() {
        FrameLayout l = FrameLayout.plan("test", 1000, 1, List.of(clip("c", 0, 1)),
                new FrameLayout.Sampling(30, FrameTimes.FIXED_RATE, 4096, Vat.MAX_TEXTURE_SIZE,
                        TextureSize.POWER_OF_TWO, PageMode.SINGLE));
        assertThat(l.width).isEqualTo(1024);
        assertThat(l.rowsPerFrame).isEqualTo(1);
        assertThat(l.height).isEqualTo(32); // 31 frames
    }

    @Test
    void clipKeysSampleAtTheSmallestKeyGap() {
        List<String> warnings = new ArrayList<>();
        assertThat(FrameLayout.keyRate(clip("c", 0, 0.25f, 0.5f, 1), 30, warnings)).isEqualTo(4f);
        assertThat(warnings).isEmpty();
        FrameLayout l = FrameLayout.plan("test", 1, 1, List.of(clip("c", 0, 0.25f, 0.5f, 1)),
                new FrameLayout.Sampling(30, FrameTimes.CLIP_KEYS, 16, 16, TextureSize.FREE, PageMode.SINGLE));
        assertThat(l.clips.get(0).frames()).isEqualTo(5);
        assertThat(l.clips.get(0).fps()).isEqualTo(4f);
        assertThat(FrameLayout.keyRate(clip("c", 0, 0.25f, 0.6f), 30, warnings)).isEqualTo(4f);
        assertThat(warnings).containsExactly("clip 'c': 1 key times are not on the grid of its smallest key gap"
                + " (4.0 fps); those keys are not sampled exactly");
        assertThat(FrameLayout.keyRate(clip("c", 2), 24, warnings)).isEqualTo(24f);
    }

    @Test
    void aClipThatNeedsMoreRowsThanTheMaximumHeightIsAnErrorWithTheNumbers() {
        assertThatThrownBy(() -> FrameLayout.plan("bakeVertexTextures", 5000, 1, List.of(clip("a", 0, 1), clip("b", 0, 2)),
                new FrameLayout.Sampling(30, FrameTimes.FIXED_RATE, 4096, 100, TextureSize.FREE, PageMode.SINGLE)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("bakeVertexTextures: clip 'b' needs 61 frames x 2 rows per frame = 122 rows from row 62,"
                        + " ending at row 184, more than maxHeight 100 (5000 texels per frame at width 2500); lower"
                        + " the rate, raise maxWidth or maxHeight, bake fewer clips per texture, or split the clips"
                        + " across pages (PageMode.SPLIT)");
    }

    @Test
    void anEmptyClipAClipGivenTwiceAndNoClipAreErrors() {
        FrameLayout.Sampling s = sampling(30);
        assertThatThrownBy(() -> FrameLayout.plan("bake", 1, 1, List.of(AnimationClip.of("still", List.of())), s))
                .isInstanceOf(ValidationException.class)
                .hasMessage("bake: clip 'still' is empty (no channels), expected at least one animated channel");
        assertThatThrownBy(() -> FrameLayout.plan("bake", 1, 1, List.of(clip("a", 0, 1), clip("a", 0, 2)), s))
                .isInstanceOf(ValidationException.class)
                .hasMessage("bake: clip 'a' is given twice, expected each clip once (the clip table is looked up by"
                        + " name)");
        assertThatThrownBy(() -> FrameLayout.plan("bake", 1, 1, List.of(), s))
                .isInstanceOf(ValidationException.class).hasMessage("bake: no clips, expected at least one");
        assertThatThrownBy(() -> FrameLayout.plan("bake", 0, 1, List.of(clip("a", 0, 1)), s))
                .isInstanceOf(ValidationException.class)
                .hasMessage("bake: 0 texels per frame, expected at least 1");
    }

    @Test
    void aStillClipOfDurationZeroHasOneFrame() {
        FrameLayout l = FrameLayout.plan("test", 3, 1, List.of(clip("pose", 0)), sampling(30));
        assertThat(l.clips.get(0).frames()).isEqualTo(1);
        assertThat(l.clips.get(0).time(0)).isZero();
    }
    @Property(tries = 300)
    void splitPagesHoldWholeClipsInOrderAndStartANewPageOnlyWhenTheNextClipDoesNotFit(
            @ForAll @IntRange(min = 1, max = 9000) int elements, @ForAll @IntRange(min = 1, max = 6) int clipCount,
            @ForAll @IntRange(min = 1, max = 400) int maxHeight, @ForAll boolean powerOfTwo) {
        List<AnimationClip> clips = new ArrayList<>();
        for (int i = 0; i < clipCount; i++) {
            clips.add(clip("c" + i, 0, 0.05f * ((i * 7) % 5 + 1)));
        }
        TextureSize size = powerOfTwo ? TextureSize.POWER_OF_TWO : TextureSize.FREE;
        FrameLayout.Sampling s = new FrameLayout.Sampling(30, FrameTimes.FIXED_RATE, 1024, maxHeight, size,
                PageMode.SPLIT);
        long capacity = powerOfTwo ? Integer.highestOneBit(maxHeight) : maxHeight;
        FrameLayout l;
        try {
            l = FrameLayout.plan("test", elements, 1, clips, s);
        } catch (ValidationException tooTall) {
            // only when one clip alone needs more rows than a page holds
            FrameLayout single = FrameLayout.plan("test", elements, 1, clips, new FrameLayout.Sampling(30,
                    FrameTimes.FIXED_RATE, 1024, Vat.MAX_TEXTURE_SIZE, TextureSize.FREE, PageMode.SINGLE));
            assertThat(single.clips).anyMatch(cf -> (long) cf.frames() * single.rowsPerFrame > capacity);
            assertThat(tooTall).hasMessageContaining("and no clip crosses a page");
            return;
        }
        // naive reference: fill pages in order
        int page = 0;
        long row = 0;
        long tallest = 0;
        for (FrameLayout.ClipFrames cf : l.clips) {
            long rows = (long) cf.frames() * l.rowsPerFrame;
            assertThat(rows).isLessThanOrEqualTo(capacity);
            if (row + rows > capacity) {
                page++;
                row = 0;
            }
            assertThat(cf.page()).isEqualTo(page);
            assertThat(cf.firstRow()).isEqualTo(row);
            row += rows;
            tallest = Math.max(tallest, row);
            assertThat((long) cf.firstRow() + rows).isLessThanOrEqualTo(l.height);
        }
        assertThat(l.pageCount).isEqualTo(page + 1);
        assertThat(l.height).isEqualTo(powerOfTwo ? FrameLayout.nextPowerOfTwo(tallest) : tallest)
                .isLessThanOrEqualTo(maxHeight);
    }

    @Test
    void withSplitPagesAClipTallerThanAPageIsAnErrorWithTheNumbers() {
        assertThatThrownBy(() -> FrameLayout.plan("bakeVertexTextures", 5000, 1, List.of(clip("a", 0, 1),
                clip("b", 0, 2)), new FrameLayout.Sampling(30, FrameTimes.FIXED_RATE, 4096, 100, TextureSize.FREE,
                        PageMode.SPLIT)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("bakeVertexTextures: clip 'b' needs 61 frames x 2 rows per frame = 122 rows, more than"
                        + " the 100 rows of a page (maxHeight 100; 5000 texels per frame at width 2500), and no clip"
                        + " crosses a page; lower the rate, or raise maxWidth or maxHeight");
        assertThatThrownBy(() -> FrameLayout.plan("bakeBoneTexture", 10, 1, List.of(clip("a", 0, 2)),
                new FrameLayout.Sampling(30, FrameTimes.FIXED_RATE, 4096, 60, TextureSize.POWER_OF_TWO,
                        PageMode.SPLIT)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("bakeBoneTexture: clip 'a' needs 61 frames x 1 rows per frame = 61 rows, more than the 32"
                        + " rows of a page (the largest power of two within maxHeight 60; 10 texels per frame at width"
                        + " 16), and no clip crosses a page; lower the rate, or raise maxWidth or maxHeight");
    }

    @Test
    void splitClipsThatFitOnOnePageGiveTheSameLayoutAsOneTexture() {
        List<AnimationClip> clips = List.of(clip("a", 0, 1), clip("b", 0, 2));
        FrameLayout single = FrameLayout.plan("t", 5000, 1, clips, sampling(30));
        FrameLayout split = FrameLayout.plan("t", 5000, 1, clips, new FrameLayout.Sampling(30, FrameTimes.FIXED_RATE,
                4096, Vat.MAX_TEXTURE_SIZE, TextureSize.FREE, PageMode.SPLIT));
        assertThat(split.pageCount).isEqualTo(1);
        assertThat(split.height).isEqualTo(single.height);
        assertThat(split.clips).isEqualTo(single.clips);
    }
}
