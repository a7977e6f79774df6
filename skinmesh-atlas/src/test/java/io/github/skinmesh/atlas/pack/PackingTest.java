package io.github.skinmesh.atlas.pack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PackingTest {
    /** Workload set A1 of the benchmarks: [1024,1024], [1024,512], [512,512] x3, [256,256] x4. */
    static List<PackInput> outfitA1() {
        int[][] sizes = {{1024, 1024}, {1024, 512}, {512, 512}, {512, 512}, {512, 512}, {256, 256}, {256, 256},
            {256, 256}, {256, 256}};
        List<PackInput> inputs = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            inputs.add(PackInput.of("A1-" + i, sizes[i][0], sizes[i][1]));
        }
        return inputs;
    }

    private static List<PackInput> squares(int count, int side) {
        List<PackInput> inputs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            inputs.add(PackInput.of("sq" + i, side, side));
        }
        return inputs;
    }

    @Test
    void readmeExample() {
        String bodyHash = "3f1c";
        String headHash = "9a0e";
        List<PackInput> images = List.of(
                new PackInput("body", 1024, 1024, bodyHash),
                new PackInput("head", 512, 512, headHash),
                PackInput.of("boots", 256, 256));
        PackResult atlas = Packing.packAtlas(images, PackOptions.DEFAULTS.withPadding(4).withBlock(4, 4));
        Placement head = atlas.placement(1);
        PackChecks.checkAll(images, PackOptions.DEFAULTS.withPadding(4).withBlock(4, 4), atlas);
        assertThat(head.page()).isZero();
        assertThat(new int[] {head.width(), head.height()}).containsExactly(512, 512);
        assertThat(atlas.pages()).containsExactly(new PackPage(1024, 1540, 3, 1024 * 1024 + 512 * 512 + 256 * 256));
    }

    @Test
    void noInputsGiveNoPages() {
        PackResult r = Packing.packAtlas(List.of());
        assertThat(r.pageCount()).isZero();
        assertThat(r.placements()).isEmpty();
        assertThat(r.fill()).isZero();
    }

    @Test
    void oneImageGetsAPageOfItsSize() {
        PackResult r = Packing.packAtlas(List.of(PackInput.of("body", 300, 200)));
        assertThat(r.pages()).containsExactly(new PackPage(300, 200, 1, 60_000));
        assertThat(r.placement(0)).isEqualTo(new Placement(0, 0, 0, 0, 300, 200, false));
        assertThat(r.fill()).isEqualTo(1.0);
    }

    @Test
    void fourEqualSquaresTileASquare() {
        for (PackHeuristic h : PackHeuristic.values()) {
            PackResult r = Packing.packAtlas(squares(4, 64), PackOptions.DEFAULTS.withHeuristic(h));
            assertThat(r.pages()).as("%s", h).containsExactly(new PackPage(128, 128, 4, 4 * 64 * 64));
        }
    }

    @Test
    void inputsWithTheSameKeyShareOneRectangle() {
        List<PackInput> inputs = List.of(new PackInput("skin", 256, 256, "h1"), PackInput.of("eyes", 64, 64),
                new PackInput("skin-copy", 256, 256, "h1"), new PackInput("cloth", 128, 128, "h2"),
                new PackInput("cloth-again", 128, 128, "h2"), new PackInput("skin-third", 256, 256, "h1"));
        PackResult r = Packing.packAtlas(inputs);
        PackChecks.checkAll(inputs, PackOptions.DEFAULTS, r);
        assertThat(r.distinctCount()).isEqualTo(3);
        assertThat(r.contentArea()).isEqualTo(256 * 256 + 64 * 64 + 128 * 128);
        assertThat(new int[] {r.representative(0), r.representative(1), r.representative(2), r.representative(3),
                r.representative(4), r.representative(5)}).containsExactly(0, 1, 0, 3, 3, 0);
        Placement skin = r.placement(0);
        assertThat(r.placement(5)).isEqualTo(new Placement(5, skin.page(), skin.x(), skin.y(), 256, 256, false));
    }

    @Test
    void paddingBlocksAndBorderAreHonoured() {
        List<PackInput> inputs = List.of(PackInput.of("a", 30, 30), PackInput.of("b", 30, 30), PackInput.of("c", 10, 50));
        PackOptions o = PackOptions.DEFAULTS.withPadding(4).withBorderPadding(2).withBlock(4, 4);
        PackResult r = Packing.packAtlas(inputs, o);
        PackChecks.checkAll(inputs, o, r);
        // 30 + 4 padding -> 9 blocks of 4; border 2 -> the first block column starts at texel 4
        assertThat(r.placement(1).x() % 4).isZero();
        assertThat(r.placements()).allSatisfy(p -> assertThat(p.x()).isGreaterThanOrEqualTo(4));
    }

    @Test
    void rotationTurnsWhatOnlyFitsTurned() {
        List<PackInput> inputs = List.of(PackInput.of("strip", 10, 100), PackInput.of("tile", 40, 40));
        PackOptions o = PackOptions.DEFAULTS.withSizing(PageSizing.FIXED).withMaxSize(100, 60).withMaxPages(1)
                .withRotation(Rotation.ALLOW_90);
        PackResult r = Packing.packAtlas(inputs, o);
        PackChecks.checkAll(inputs, o, r);
        Placement strip = r.placement(0);
        assertThat(strip.rotated()).isTrue();
        assertThat(new int[] {strip.width(), strip.height(), strip.sourceWidth(), strip.sourceHeight()})
                .containsExactly(100, 10, 10, 100);
        assertThatThrownBy(() -> Packing.packAtlas(inputs, o.withRotation(Rotation.NONE)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("packAtlas: image 0 'strip' is 10x100, which does not fit a page of at most 100x60"
                        + " (sizing FIXED) with padding 0, border padding 0 and 1x1 blocks");
    }

    @Test
    void rotationIsOffByDefault() {
        PackResult r = Packing.packAtlas(List.of(PackInput.of("tall", 10, 300), PackInput.of("wide", 300, 10)));
        assertThat(r.placements()).noneMatch(Placement::rotated);
    }

    @Test
    void imagesThatDoNotFitOnePageGoOnSeveral() {
        List<PackInput> inputs = squares(10, 200);
        PackOptions fixed = PackOptions.DEFAULTS.withSizing(PageSizing.FIXED).withMaxSize(256, 256);
        PackResult r = Packing.packAtlas(inputs, fixed);
        PackChecks.checkAll(inputs, fixed, r);
        assertThat(r.pageCount()).isEqualTo(10);
        // free size: full pages of 2 x 2, shrunk to their contents; the last one searched
        PackOptions free = PackOptions.DEFAULTS.withMaxSize(400, 400);
        PackResult f = Packing.packAtlas(inputs, free);
        PackChecks.checkAll(inputs, free, f);
        assertThat(f.pages()).containsExactly(new PackPage(400, 400, 4, 160_000), new PackPage(400, 400, 4, 160_000),
                new PackPage(200, 400, 2, 80_000));
        // page order follows the packing order: earlier inputs on earlier pages
        assertThat(f.placement(0).page()).isZero();
        assertThat(f.placement(9).page()).isEqualTo(2);
    }

    @Test
    void moreImagesThanMaxPagesHoldIsAnErrorNamingTheFirstLeftOver() {
        List<PackInput> inputs = squares(10, 200);
        PackOptions o = PackOptions.DEFAULTS.withMaxSize(400, 400).withMaxPages(2);
        assertThatThrownBy(() -> Packing.packAtlas(inputs, o)).isInstanceOf(ValidationException.class)
                .hasMessage("packAtlas: 2 image(s) left over after maxPages=2 page(s) of at most 400x400, the first"
                        + " being image 8 'sq8' (200x200); raise maxPages or the page size");
    }

    @Test
    void anImageLargerThanThePageIsAnErrorNamingIt() {
        List<PackInput> inputs = List.of(PackInput.of("body", 512, 512), PackInput.of("cape", 5000, 20));
        assertThatThrownBy(() -> Packing.packAtlas(inputs)).isInstanceOf(ValidationException.class)
                .hasMessage("packAtlas: image 1 'cape' is 5000x20, which does not fit a page of at most 4096x4096"
                        + " (sizing FREE) with padding 0, border padding 0 and 1x1 blocks");
        // border, padding and blocks count: the cell of 4089 + 4 padding is 1024 blocks of 4, and from texel 4
        // (the border of 2 rounded up to a block) it would end at 4100 > 4096 - 2 + 4
        PackOptions blocks = PackOptions.DEFAULTS.withPadding(4).withBorderPadding(2).withBlock(4, 4);
        assertThatThrownBy(() -> Packing.packAtlas(List.of(PackInput.of("edge", 4089, 8)), blocks))
                .isInstanceOf(ValidationException.class)
                .hasMessage("packAtlas: image 0 'edge' is 4089x8, which does not fit a page of at most 4096x4096"
                        + " (sizing FREE) with padding 4, border padding 2 and 4x4 blocks");
        assertThat(Packing.packAtlas(List.of(PackInput.of("edge", 4088, 8)), blocks).pages())
                .containsExactly(new PackPage(4096, 16, 1, 4088 * 8));
        // power-of-two squares are limited by the smaller maximum
        PackOptions square = PackOptions.DEFAULTS.withSizing(PageSizing.POWER_OF_TWO_SQUARE).withMaxSize(3000, 1000);
        assertThatThrownBy(() -> Packing.packAtlas(List.of(PackInput.of("wide", 600, 10)), square))
                .isInstanceOf(ValidationException.class)
                .hasMessage("packAtlas: image 0 'wide' is 600x10, which does not fit a page of at most 512x512"
                        + " (sizing POWER_OF_TWO_SQUARE) with padding 0, border padding 0 and 1x1 blocks");
        PackOptions turned = PackOptions.DEFAULTS.withMaxSize(100, 4096).withRotation(Rotation.ALLOW_90);
        assertThatThrownBy(() -> Packing.packAtlas(List.of(PackInput.of("huge", 200, 200)), turned))
                .isInstanceOf(ValidationException.class)
                .hasMessage("packAtlas: image 0 'huge' is 200x200, which does not fit a page of at most 100x4096"
                        + " (sizing FREE) with padding 0, border padding 0 and 1x1 blocks, turned or not");
    }

    @Test
    void aKeySharedByDifferentSizesIsAnError() {
        List<PackInput> inputs = List.of(new PackInput("a", 32, 32, "k"), PackInput.of("b", 8, 8),
                new PackInput("c", 64, 32, "k"));
        assertThatThrownBy(() -> Packing.packAtlas(inputs)).isInstanceOf(ValidationException.class)
                .hasMessage("packAtlas: image 2 'c' has key 'k' like image 0 'a' but is 64x32, expected 32x32");
    }

    @Test
    void nullArgumentsAreNamed() {
        List<PackInput> withNull = Arrays.asList(PackInput.of("a", 1, 1), null);
        assertThatThrownBy(() -> Packing.packAtlas(withNull)).isInstanceOf(NullPointerException.class)
                .hasMessage("packAtlas: input 1 is null");
        assertThatThrownBy(() -> Packing.packAtlas(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("packAtlas: inputs is null");
        assertThatThrownBy(() -> Packing.packAtlas(List.of(), null)).isInstanceOf(NullPointerException.class)
                .hasMessage("packAtlas: options is null");
    }

    @Test
    void resultsAreImmutableAndCompareByValue() {
        List<PackInput> inputs = outfitA1();
        PackResult r = Packing.packAtlas(inputs);
        assertThatThrownBy(() -> r.placements().set(0, null)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> r.pages().clear()).isInstanceOf(UnsupportedOperationException.class);
        PackResult again = Packing.packAtlas(inputs);
        assertThat(again).isEqualTo(r).hasSameHashCodeAs(r);
        assertThat(r.toString()).isEqualTo("PackResult[9 inputs, 9 distinct, pages 1024x2560, fill 1.0000]");
        assertThatThrownBy(() -> r.representative(9)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
