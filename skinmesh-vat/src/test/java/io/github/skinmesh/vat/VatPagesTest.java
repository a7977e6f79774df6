package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Textures split into pages ({@link PageMode#SPLIT}): every clip on one page, the manifest's pages
 * and clip pages, the files of every page, and decoding equal to the same bake on one texture.
 */
class VatPagesTest {
    /** Rows of the humanoid's walk (32 frames) and idle (79 frames) at width 3000: 4 rows per frame. */
    static final int WALK_ROWS = 32 * 4;
    static final int IDLE_ROWS = 79 * 4;

    @TempDir
    Path dir;

    static VatOptions options(VatEncoding e) {
        return VatOptions.DEFAULTS.withEncoding(e).withStreams(VatStreams.POSITIONS_NORMALS_TANGENTS)
                .withMaxWidth(3000);
    }

    @ParameterizedTest
    @EnumSource(VatEncoding.class)
    void aSplitBakeDecodesEveryTexelAsTheSameBakeOnOneTexture(VatEncoding e) throws IOException {
        Humanoid h = VatModels.humanoid();
        // idle, walk, walk again under another name: walk does not fit below idle, the second walk does below walk
        AnimationClip again = AnimationClip.of("walk2", h.walk().channels());
        List<AnimationClip> clips = List.of(h.idle(), h.walk(), again);
        VatResult one = Vat.bakeVertexTextures(h.character(), clips, options(e), Progress.NONE);
        VatResult split = Vat.bakeVertexTextures(h.character(), clips, options(e).withPageMode(PageMode.SPLIT)
                .withMaxHeight(IDLE_ROWS + WALK_ROWS - 1), Progress.NONE);
        assertThat(one.pageCount()).isEqualTo(1);
        assertThat(split.pageCount()).isEqualTo(2);
        assertThat(split.height()).isEqualTo(IDLE_ROWS);
        assertThat(split.clips()).extracting(VatClip::page).containsExactly(0, 1, 1);
        assertThat(split.clips()).extracting(VatClip::firstRow).containsExactly(0, 0, WALK_ROWS);
        assertThat(split.textures()).extracting(t -> t.name() + t.page()).containsExactly("positions0", "normals0",
                "tangents0", "positions1", "normals1", "tangents1");
        // the same bounds, so the same texels and errors; only where they lie differs
        assertThat(split.bounds()).isEqualTo(one.bounds());
        assertThat(split.maxError()).isEqualTo(one.maxError());
        assertThat(split.rmsError()).isEqualTo(one.rmsError());
        VatFormat format = e.isNormalized() ? VatFormat.PNG : VatFormat.EXR;
        List<Path> files = VatFiles.write(dir, split, format);
        String ext = "." + format.extension();
        assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly("positions-0" + ext,
                "normals-0" + ext, "tangents-0" + ext, "positions-1" + ext, "normals-1" + ext, "tangents-1" + ext,
                "manifest.json");
        VatDecoder a = one.decoder();
        VatDecoder b = VatFiles.read(dir);
        assertThat(b.manifest().pageCount()).isEqualTo(2);
        assertThat(b.page(2)).isEqualTo(1);
        float[] p = new float[4];
        float[] q = new float[4];
        for (int c = 0; c < clips.size(); c++) {
            for (int f = 0; f < one.clips().get(c).frames(); f += 3) {
                for (int v = 0; v < one.elementCount(); v += 7) {
                    a.positionInto(c, f, v, null, p, 0);
                    b.positionInto(c, f, v, null, q, 0);
                    assertThat(q).containsExactly(p);
                    a.normalInto(c, f, v, p, 0);
                    b.normalInto(c, f, v, q, 0);
                    assertThat(q).containsExactly(p);
                    a.tangentInto(c, f, v, p, 0);
                    b.tangentInto(c, f, v, q, 0);
                    assertThat(q).containsExactly(p);
                }
            }
        }
        // the texel of a clip on page 1 is addressed from the top of that page
        assertThat(b.texelIndex(2, 0, 0)).isEqualTo((long) WALK_ROWS * split.width());
    }

    @Test
    void theManifestOfPagesListsThemAndReadsBackEqual() {
        Humanoid h = VatModels.humanoid();
        VatResult split = Vat.bakeVertexTextures(h.character(), List.of(h.walk(), h.idle()), VatOptions.DEFAULTS
                .withEncoding(VatEncoding.UNORM16).withMaxWidth(3000).withMaxHeight(IDLE_ROWS)
                .withPageMode(PageMode.SPLIT), Progress.NONE);
        VatManifest m = split.manifest(VatFormat.PNG);
        String json = m.toJson();
        assertThat(json).contains("  \"textures\": {\"positions\": \"positions-0.png\"},\n"
                + "  \"pages\": [\n    {\"positions\": \"positions-0.png\"},\n"
                + "    {\"positions\": \"positions-1.png\"}\n"
                + "  ],\n");
        assertThat(json).contains("{\"name\": \"walk\", \"page\": 0, \"firstRow\": 0, ")
                .contains("{\"name\": \"idle\", \"page\": 1, \"firstRow\": 0, ");
        VatManifest back = VatManifest.parse("manifest.json", json);
        assertThat(back.toJson()).isEqualTo(json);
        assertThat(back.pageCount()).isEqualTo(2);
        assertThat(back.pageTextures(1)).containsExactly(Map.entry("positions", "positions-1.png"));
        assertThat(back.clips()).extracting(VatClip::page).containsExactly(0, 1);
        assertThat(back.height()).isEqualTo(IDLE_ROWS);
    }

    @Test
    void malformedPagesNameTheKey() {
        Humanoid h = VatModels.humanoid();
        String json = Vat.bakeVertexTextures(h.character(), List.of(h.walk(), h.idle()), VatOptions.DEFAULTS
                .withEncoding(VatEncoding.UNORM16).withMaxWidth(3000).withMaxHeight(IDLE_ROWS)
                .withPageMode(PageMode.SPLIT), Progress.NONE).manifest(VatFormat.PNG).toJson();
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.replace("    {\"positions\": \"positions-0.png\"},",
                "    {\"positions\": \"other.png\"},"))).isInstanceOf(FormatException.class)
                .hasMessage("m.json: pages[0] is {positions=other.png}, expected the textures"
                        + " {positions=positions-0.png}");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.replace("{\"positions\": \"positions-1.png\"}",
                "{\"normals\": \"normals-1.png\"}"))).isInstanceOf(FormatException.class)
                .hasMessage("m.json: page 1 has the textures [normals], expected those of page 0, [positions]");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.replace("\"page\": 1", "\"page\": 2")))
                .isInstanceOf(FormatException.class).hasMessage("m.json: clips[1].page is 2, expected an integer 0..1");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.replace("\"pages\": [", "\"pages\": 3, \"x\": [")))
                .isInstanceOf(FormatException.class)
                .hasMessage("m.json: pages is 3, expected an array of at least one page");
    }

    @Test
    void aDecoderOfPagesNeedsEveryPagesTextures() {
        Humanoid h = VatModels.humanoid();
        VatResult split = Vat.bakeVertexTextures(h.character(), List.of(h.walk(), h.idle()), VatOptions.DEFAULTS
                .withMaxWidth(3000).withMaxHeight(IDLE_ROWS).withPageMode(PageMode.SPLIT), Progress.NONE);
        VatManifest m = split.manifest(VatFormat.RAW);
        assertThatThrownBy(() -> VatDecoder.of(m, Map.of("positions", split.texture("positions"))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("VatDecoder: the manifest has 2 pages, a map of textures by role holds one; pass the"
                        + " textures of every page as a list");
        assertThatThrownBy(() -> VatDecoder.of(m, List.of(split.texture("positions", 0))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("VatDecoder: texture \"positions\" of page 1 of the manifest is missing");
        VatTexture first = split.texture("positions", 0);
        assertThatThrownBy(() -> VatDecoder.of(m, List.of(first, first)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("VatDecoder: texture \"positions\" of page 0 is given twice");
        assertThatThrownBy(() -> split.texture("positions", 2)).isInstanceOf(ValidationException.class)
                .hasMessage("VatResult: no texture \"positions\" of page 2, the bake has [positions] on 2 pages");
        VatDecoder d = VatDecoder.of(m, split.textures());
        assertThat(d.texture("positions", 1)).isEqualTo(split.texture("positions", 1));
    }

    @Test
    void withoutSplittingTooManyRowsIsStillAnError() {
        Humanoid h = VatModels.humanoid();
        assertThatThrownBy(() -> Vat.bakeVertexTextures(h.character(), List.of(h.walk(), h.idle()),
                VatOptions.DEFAULTS.withMaxWidth(3000).withMaxHeight(IDLE_ROWS), Progress.NONE))
                .isInstanceOf(ValidationException.class)
                .hasMessage("bakeVertexTextures: clip 'idle' needs 79 frames x 4 rows per frame = 316 rows from row"
                        + " 128, ending at row 444, more than maxHeight 316 (9555 texels per frame at width 2389);"
                        + " lower the rate, raise maxWidth or maxHeight, bake fewer clips per texture, or split the"
                        + " clips across pages (PageMode.SPLIT)");
    }

    @ParameterizedTest
    @EnumSource(value = VatEncoding.class, names = {"FLOAT", "HALF"})
    void boneTexturesSplitIntoPagesHoldTheSameRows(VatEncoding e) throws IOException {
        Character c = VatModels.combinedHumanoid();
        BoneTextureOptions o = BoneTextureOptions.DEFAULTS.withEncoding(e).withMaxWidth(60);
        VatResult one = Vat.bakeBoneTexture(c, c.clips(), o, Progress.NONE);
        int rows = one.clips().get(1).frames() * one.rowsPerFrame();
        VatResult split = Vat.bakeBoneTexture(c, c.clips(), o.withMaxHeight(rows).withPageMode(PageMode.SPLIT),
                Progress.NONE);
        assertThat(split.pageCount()).isEqualTo(2);
        assertThat(split.clips()).extracting(VatClip::page).containsExactly(0, 1);
        assertThat(split.maxError()).isEqualTo(one.maxError());
        VatFiles.write(dir, split, VatFormat.EXR);
        assertThat(dir.resolve("bones-1.exr")).exists();
        VatDecoder a = one.decoder();
        VatDecoder b = VatFiles.read(dir);
        float[] p = new float[12];
        float[] q = new float[12];
        for (int clip = 0; clip < 2; clip++) {
            for (int f = 0; f < one.clips().get(clip).frames(); f++) {
                for (int bone = 0; bone < one.elementCount(); bone++) {
                    a.boneRowsInto(clip, f, bone, p, 0);
                    b.boneRowsInto(clip, f, bone, q, 0);
                    assertThat(q).containsExactly(p);
                }
            }
        }
        assertThat(Files.readString(dir.resolve("manifest.json"))).contains("\"pages\": [");
    }
}
