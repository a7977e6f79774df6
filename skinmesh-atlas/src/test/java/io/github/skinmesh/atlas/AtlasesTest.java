package io.github.skinmesh.atlas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.atlas.image.DownscaleMode;
import io.github.skinmesh.atlas.image.DownscalePolicy;
import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.atlas.pack.PackOptions;
import io.github.skinmesh.atlas.pack.Rotation;
import io.github.skinmesh.core.CancelledException;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.TextureRef;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class AtlasesTest {
    /** A PNG of seeded noise. */
    static Image texture(String name, int w, int h, long seed) {
        TestRandom rng = new TestRandom(seed);
        byte[] rgba = new byte[4 * w * h];
        for (int i = 0; i < rgba.length; i++) {
            rgba[i] = (byte) rng.nextInt(0, 255);
        }
        return Image.of(name, Png.MIME_TYPE, Png.encodeRgba8(w, h, rgba));
    }

    static Material textured(String name, Image image, Sampler sampler) {
        return Material.builder(name).metallicFactor(0).roughnessFactor(0.5f)
                .texture(Material.BASE_COLOR, new TextureRef(image, 0, sampler)).build();
    }

    static Material textured(String name, Image image) {
        return textured(name, image, Sampler.DEFAULT);
    }

    /**
     * A part of {@code triangles} random triangles over {@code vertices} vertices with UVs in
     * {@code [lo, hi]}, split into one submesh per material (triangles in order), so that submeshes
     * share vertices.
     */
    static Part part(String name, long seed, int vertices, int triangles, float lo, float hi, Material... materials) {
        TestRandom rng = new TestRandom(seed);
        float[] positions = new float[3 * vertices];
        float[] uvs = new float[2 * vertices];
        float[] lightmap = new float[2 * vertices];
        for (int v = 0; v < vertices; v++) {
            positions[3 * v] = v;
            positions[3 * v + 1] = rng.nf();
            positions[3 * v + 2] = rng.nf();
            uvs[2 * v] = lo + rng.nf() * (hi - lo);
            uvs[2 * v + 1] = lo + rng.nf() * (hi - lo);
            lightmap[2 * v] = rng.nf();
            lightmap[2 * v + 1] = rng.nf();
        }
        int[] indices = new int[3 * triangles];
        for (int t = 0; t < triangles; t++) {
            int a = rng.nextInt(0, vertices - 1);
            int b = (a + rng.nextInt(1, vertices - 1)) % vertices;
            int c;
            do {
                c = rng.nextInt(0, vertices - 1);
            } while (c == a || c == b);
            indices[3 * t] = a;
            indices[3 * t + 1] = b;
            indices[3 * t + 2] = c;
        }
        Mesh.Builder m = Mesh.builder(name).positions(positions).addUvs(uvs).addUvs(lightmap).indices(indices);
        int per = triangles / materials.length;
        for (int i = 0; i < materials.length; i++) {
            int first = 3 * per * i;
            int count = i == materials.length - 1 ? 3 * triangles - first : 3 * per;
            m.addMaterial(materials[i]).addSubmesh(first, count, i);
        }
        return Part.of(name, m.build());
    }

    @Property(tries = 40)
    void everyTexelIsFoundAtItsRemappedCoordinate(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        TestRandom rng = new TestRandom(seed);
        boolean rotate = rng.nextInt(0, 1) == 1;
        boolean bottomLeft = rng.nextInt(0, 1) == 1;
        List<Part> parts = new ArrayList<>();
        int count = rng.nextInt(2, 5);
        for (int i = 0; i < count; i++) {
            Material a = textured("m" + i + "a", texture("t" + i + "a.png", rng.nextInt(1, 70), rng.nextInt(1, 70),
                    seed + i));
            Material b = textured("m" + i + "b", texture("t" + i + "b.png", rng.nextInt(1, 40), rng.nextInt(1, 90),
                    seed - i));
            parts.add(part("p" + i, seed * 31 + i, rng.nextInt(4, 40), rng.nextInt(2, 60), 0, 1, a, b));
        }
        AtlasOptions options = AtlasOptions.DEFAULTS
                .withPack(AtlasOptions.DEFAULTS.pack().withRotation(rotate ? Rotation.ALLOW_90 : Rotation.NONE))
                .withVOrigin(bottomLeft ? VOrigin.BOTTOM_LEFT : VOrigin.TOP_LEFT);
        AtlasResult r = Atlases.atlasParts(parts, options, Progress.NONE);
        assertThat(r.report().drawCallsBefore()).isEqualTo(2 * count);
        assertThat(r.report().drawCallsAfter()).isEqualTo(r.report().pageCount()).isOne();
        TexelCheck check = new TexelCheck();
        for (int i = 0; i < count; i++) {
            Mesh before = parts.get(i).mesh();
            Mesh after = r.parts().get(i).mesh();
            check.check(before, after, seed + i, 3, bottomLeft);
            // the second UV set, which no texture samples, and every position are carried unchanged
            for (int v = 0; v < after.vertexCount(); v++) {
                int old = v < before.vertexCount() ? v : -1;
                if (old >= 0) {
                    assertThat(after.uvs(1)[2 * v]).isEqualTo(before.uvs(1)[2 * v]);
                    assertThat(after.positions()[3 * v]).isEqualTo(before.positions()[3 * v]);
                }
            }
            assertThat(after.vertexCount()).isGreaterThanOrEqualTo(before.vertexCount());
        }
        assertThat(check.checked).isPositive();
        long split = 0;
        for (int i = 0; i < count; i++) {
            split += r.parts().get(i).mesh().vertexCount() - parts.get(i).mesh().vertexCount();
        }
        assertThat(r.report().splitVertices()).isEqualTo(split);
    }

    @Test
    void aVertexSharedByTwoMaterialsIsSplitWithItsStreams() {
        Material a = textured("a", texture("a.png", 8, 8, 1));
        Material b = textured("b", texture("b.png", 16, 4, 2));
        float[] positions = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
        float[] uvs = {0, 0, 1, 0, 0, 1, 1, 1};
        Mesh mesh = Mesh.builder("quad").positions(positions).addUvs(uvs).indices(new int[] {0, 1, 2, 2, 1, 3})
                .addMaterial(a).addMaterial(b).addSubmesh(0, 3, 0).addSubmesh(3, 3, 1).build();
        AtlasResult r = Atlases.atlasParts(List.of(Part.of("quad", mesh)));
        Mesh out = r.parts().get(0).mesh();
        // vertices 1 and 2 serve both triangles: the second triangle (2, 1, 3) gets copies 4 (of 2) and 5 (of 1)
        assertThat(out.vertexCount()).isEqualTo(6);
        assertThat(out.indices()).containsExactly(0, 1, 2, 4, 5, 3);
        assertThat(r.report().splitVertices()).isEqualTo(2);
        assertThat(out.positions()).containsExactly(0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0);
        assertThat(out.materials()).hasSize(1);
        assertThat(out.submeshes()).extracting(s -> s.materialIndex()).containsExactly(0, 0);
        TexelCheck check = new TexelCheck();
        check.check(mesh, out, 5, 20, false);
        assertThat(check.checked).isEqualTo(40);
    }

    @Test
    void renderStatesStayApartAndASingleMaterialIsLeftAlone() {
        Material a = textured("a", texture("a.png", 8, 8, 1));
        Material b = textured("b", texture("b.png", 8, 8, 2));
        Material glass = textured("glass", texture("glass.png", 8, 8, 3)).toBuilder().alphaMode(AlphaMode.BLEND).build();
        Material twoSided = textured("leaf", texture("leaf.png", 8, 8, 4)).toBuilder().doubleSided(true).build();
        Part p0 = part("p0", 1, 10, 10, 0, 1, a, glass);
        Part p1 = part("p1", 2, 10, 10, 0, 1, b);
        Part p2 = part("p2", 3, 10, 10, 0, 1, twoSided);
        AtlasResult r = Atlases.atlasParts(List.of(p0, p1, p2));
        assertThat(r.report().drawCallsBefore()).isEqualTo(4);
        assertThat(r.report().drawCallsAfter()).isEqualTo(3);
        assertThat(r.parts().get(2)).isSameAs(p2);
        assertThat(r.materials()).hasSize(1);
        Material merged = r.materials().get(0);
        assertThat(merged.name()).isEqualTo("atlas0");
        assertThat(merged.alphaMode()).isEqualTo(AlphaMode.OPAQUE);
        assertThat(merged.metallicFactor()).isZero();
        assertThat(merged.roughnessFactor()).isEqualTo(0.5f);
        assertThat(merged.texture(Material.BASE_COLOR).sampler().wrapS()).isEqualTo(Sampler.Wrap.CLAMP_TO_EDGE);
        Mesh m0 = r.parts().get(0).mesh();
        assertThat(m0.materials()).containsExactly(merged, glass);
        assertThat(r.report().pages()).singleElement().satisfies(p -> {
            assertThat(p.material()).isEqualTo("atlas0");
            assertThat(p.sourceMaterials()).containsExactly("a", "b");
            assertThat(p.slots()).containsExactly(Material.BASE_COLOR);
            assertThat(p.images()).containsExactly("atlas0.baseColor.png");
        });
        assertThat(r.images()).singleElement().extracting(Image::name).isEqualTo("atlas0.baseColor.png");
    }

    @Test
    void aMaterialWithoutTexturesSamplesItsFillAtTheRectangleCentre() {
        Material a = textured("a", texture("a.png", 8, 8, 1));
        Material plain = Material.builder("plain").metallicFactor(0).roughnessFactor(0.5f).build();
        Mesh noUvs = Mesh.builder("bare").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .addMaterial(plain).build();
        AtlasResult r = Atlases.atlasParts(List.of(part("p", 1, 6, 4, 0, 1, a), Part.of("bare", noUvs)));
        Mesh bare = r.parts().get(1).mesh();
        assertThat(bare.uvChannelCount()).isOne();
        PixelImage page = Png.decode(r.images().get(0));
        float[] uv = bare.uvs(0);
        for (int v = 0; v < 3; v++) {
            int x = (int) Math.floor(uv[2 * v] * page.width());
            int y = (int) Math.floor(uv[2 * v + 1] * page.height());
            for (int c = 0; c < 4; c++) {
                assertThat(page.value(x, y, c)).isEqualTo(1f); // white fill, the factors shared
            }
        }
    }

    @Test
    void tilingFailsByDefaultNamingThePartTheValueAndTheLimit() {
        Material a = textured("a", texture("a.png", 8, 8, 1));
        Material b = textured("b", texture("b.png", 8, 8, 2));
        Part tiled = part("floor", 1, 8, 8, 0, 2.5f, a);
        List<Part> parts = List.of(part("p", 2, 8, 8, 0, 1, b), tiled);
        assertThatThrownBy(() -> Atlases.atlasParts(parts)).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("atlasParts: part 'floor' (input 1), material 'a', UV set 0: u = ")
                .hasMessageContaining("expected 0..1");
        AtlasResult kept = Atlases.atlasParts(parts, AtlasOptions.DEFAULTS.withTiling(TilingMode.KEEP_OUT),
                Progress.NONE);
        // the tiling part leaves, so one material remains: nothing is atlased
        assertThat(kept.parts().get(1)).isSameAs(tiled);
        assertThat(kept.materials()).isEmpty();
        assertThat(kept.report().tiling()).singleElement().satisfies(t -> {
            assertThat(t.part()).isEqualTo("floor");
            assertThat(t.action()).isEqualTo(TiledPart.Action.KEPT_OUT);
            assertThat(t.tilesU()).isEqualTo(3);
        });
        assertThat(kept.report().warnings()).anyMatch(w -> w.contains("'floor'") && w.contains("stays out"));
    }

    @Property(tries = 20)
    void aBakedRepeatSamplesLikeTheWrappedTexture(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        TestRandom rng = new TestRandom(seed);
        Sampler.Wrap[] wraps = Sampler.Wrap.values();
        Sampler sampler = new Sampler(Sampler.Filter.UNSPECIFIED, Sampler.Filter.UNSPECIFIED,
                wraps[rng.nextInt(0, 2)], wraps[rng.nextInt(0, 2)]);
        Material a = textured("a", texture("a.png", rng.nextInt(1, 20), rng.nextInt(1, 20), seed), sampler);
        Material b = textured("b", texture("b.png", 8, 8, seed + 1));
        float lo = -1.5f + rng.nf();
        float hi = lo + 0.5f + 2 * rng.nf();
        boolean bottomLeft = rng.nextInt(0, 1) == 1;
        List<Part> parts = List.of(part("tiled", seed, 12, 20, lo, hi, a), part("plain", seed + 1, 8, 8, 0, 1, b));
        AtlasOptions options = AtlasOptions.DEFAULTS.withTiling(TilingMode.BAKE_REPEAT)
                .withVOrigin(bottomLeft ? VOrigin.BOTTOM_LEFT : VOrigin.TOP_LEFT)
                .withPack(AtlasOptions.DEFAULTS.pack().withRotation(Rotation.ALLOW_90));
        AtlasResult r = Atlases.atlasParts(parts, options, Progress.NONE);
        assertThat(r.report().tiling()).singleElement().satisfies(t -> {
            assertThat(t.action()).isEqualTo(TiledPart.Action.BAKED);
            assertThat(t.tilesU()).isEqualTo((int) Math.ceil(t.maxU()) - (int) Math.floor(t.minU()));
        });
        TexelCheck check = new TexelCheck();
        check.check(parts.get(0).mesh(), r.parts().get(0).mesh(), seed, 4, bottomLeft);
        assertThat(check.checked).isPositive();
    }

    @Test
    void aRepeatBeyondTheLimitFailsOrStaysOut() {
        Material a = textured("a", texture("a.png", 8, 8, 1));
        Material b = textured("b", texture("b.png", 8, 8, 2));
        List<Part> parts = List.of(part("road", 1, 8, 8, 0, 5.5f, a), part("p", 2, 8, 8, 0, 1, b));
        AtlasOptions bake = AtlasOptions.DEFAULTS.withTiling(TilingMode.BAKE_REPEAT);
        assertThatThrownBy(() -> Atlases.atlasParts(parts, bake, Progress.NONE))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("atlasParts: part 'road' (input 0), material 'a', UV set 0: u ")
                .hasMessageEndingWith("tiles, more than maxRepeat 4 along an axis");
        AtlasResult r = Atlases.atlasParts(parts, bake.withTiling(TilingMode.BAKE_REPEAT_OR_KEEP_OUT).withMaxRepeat(6),
                Progress.NONE);
        assertThat(r.report().tiling()).singleElement().extracting(TiledPart::action)
                .isEqualTo(TiledPart.Action.BAKED);
    }

    @Test
    void anImageLargerThanThePageFailsNamingItUnlessDownscaled() {
        Material a = textured("a", texture("big.png", 300, 40, 1));
        Material b = textured("b", texture("small.png", 8, 8, 2));
        List<Part> parts = List.of(part("p", 1, 8, 8, 0, 1, a, b));
        AtlasOptions small = AtlasOptions.DEFAULTS.withPack(AtlasOptions.DEFAULTS.pack().withMaxSize(256, 256));
        assertThatThrownBy(() -> Atlases.atlasParts(parts, small, Progress.NONE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("image 'big.png' (input 0): 300x40 is larger than the maximum atlas size 256x256 and "
                        + "downscaling is off");
        AtlasResult r = Atlases.atlasParts(parts, small.withDownscale(new DownscalePolicy(DownscaleMode.LARGEST_FIRST,
                1)), Progress.NONE);
        assertThat(r.report().warnings()).anyMatch(w -> w.startsWith("image 'big.png' (input 0): downscaled from "
                + "300x40 to 150x20"));
    }

    @Test
    void morePagesThanAllowedFailNamingTheImageLeftOver() {
        Material a = textured("a", texture("one.png", 100, 100, 1));
        Material b = textured("b", texture("two.png", 100, 100, 2));
        List<Part> parts = List.of(part("p", 1, 8, 8, 0, 1, a, b));
        AtlasOptions onePage = AtlasOptions.DEFAULTS.withPack(PackOptions.DEFAULTS.withPadding(8).withMaxSize(128, 128)
                .withMaxPages(1));
        assertThatThrownBy(() -> Atlases.atlasParts(parts, onePage, Progress.NONE))
                .isInstanceOf(ValidationException.class).hasMessageStartingWith("atlasParts: atlas0: packAtlas: ")
                .hasMessageContaining("two.png");
        AtlasResult two = Atlases.atlasParts(parts, onePage.withPack(onePage.pack().withMaxPages(2)), Progress.NONE);
        assertThat(two.materials()).extracting(Material::name).containsExactly("atlas0.p0", "atlas0.p1");
        assertThat(two.report().drawCallsAfter()).isEqualTo(2);
    }

    @Test
    void corruptAndZeroSizePngsFailNamingTheImage() {
        Material b = textured("b", texture("fine.png", 8, 8, 2));
        byte[] bytes = Png.encodeRgba8(8, 8, new byte[256]);
        byte[] corrupt = bytes.clone();
        corrupt[bytes.length - 20] ^= 0x55; // inside IDAT: the chunk's CRC no longer matches
        Material bad = textured("bad", Image.of("broken.png", Png.MIME_TYPE, corrupt));
        assertThatThrownBy(() -> Atlases.atlasParts(List.of(part("p", 1, 8, 8, 0, 1, bad, b))))
                .isInstanceOf(FormatException.class).hasMessageContaining("broken.png");
        byte[] zero = bytes.clone();
        zero[16] = zero[17] = zero[18] = zero[19] = 0; // IHDR width 0
        Material empty = textured("empty", Image.of("empty.png", Png.MIME_TYPE, zero));
        assertThatThrownBy(() -> Atlases.atlasParts(List.of(part("p", 1, 8, 8, 0, 1, empty, b))))
                .isInstanceOf(io.github.skinmesh.core.SkinMeshException.class).hasMessageContaining("empty.png");
    }

    @Test
    void theSameInputGivesTheSameBytesAndCancellationStops() {
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            parts.add(part("p" + i, i, 10, 10, 0, 1, textured("m" + i, texture("t" + i + ".png", 10 + i, 20 - i, i))));
        }
        AtlasResult a = Atlases.atlasParts(parts);
        AtlasResult b = Atlases.atlasParts(parts);
        assertThat(a.images()).isEqualTo(b.images());
        assertThat(a.parts()).isEqualTo(b.parts());
        assertThatThrownBy(() -> Atlases.atlasParts(parts, AtlasOptions.DEFAULTS, Progress.of((s, d, t) -> {
        }, () -> true))).isInstanceOf(CancelledException.class);
    }

    @Test
    void optionsAreChecked() {
        assertThatThrownBy(() -> AtlasOptions.DEFAULTS.withPack(PackOptions.DEFAULTS.withPadding(6)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("AtlasOptions: padding 6 with a gutter of 4, expected a padding of at least twice the "
                        + "gutter (8)");
        assertThatThrownBy(() -> AtlasOptions.DEFAULTS.withMaxRepeat(0)).isInstanceOf(ValidationException.class)
                .hasMessage("AtlasOptions: maxRepeat=0, expected 1..64");
        assertThatThrownBy(() -> AtlasOptions.DEFAULTS.withName("")).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("AtlasOptions: name is empty");
    }
}
