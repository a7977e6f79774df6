package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VatManifestTest {
    private static VatManifest manifest() {
        Humanoid h = VatModels.humanoid();
        return Vat.bakeVertexTextures(h.character(), List.of(h.walk(), h.idle()), VatOptions.DEFAULTS
                .withEncoding(VatEncoding.UNORM16).withStreams(VatStreams.POSITIONS_NORMALS)
                .withPositionMode(PositionMode.OFFSET), Progress.NONE).manifest(VatFormat.PNG);
    }

    @Test
    void parsingTheJsonGivesTheSameManifestWithBitIdenticalFloats() {
        VatManifest m = manifest();
        VatManifest back = VatManifest.parse("manifest.json", m.toJson());
        assertThat(back.toJson()).isEqualTo(m.toJson());
        assertThat(back.bounds()).isEqualTo(m.bounds());
        assertThat(back.clips()).isEqualTo(m.clips());
        assertThat(back.textures()).containsExactly(Map.entry("positions", "positions.png"),
                Map.entry("normals", "normals.png"));
        assertThat(back.clipIndex("idle")).isEqualTo(1);
    }

    @Test
    void extraKeysAndAnyWhitespaceAreAccepted() {
        String json = manifest().toJson().replace("{\n  \"format\"", "{\"comment\": [1, {\"x\": null}],\r\n\t\"format\"");
        assertThat(VatManifest.parse("m", json).toJson()).isEqualTo(manifest().toJson());
    }

    @Test
    void malformedManifestsNameTheKey() {
        String json = manifest().toJson();
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.replace("skinmesh-vat", "other")))
                .isInstanceOf(FormatException.class).hasMessage("m.json: format \"other\", expected \"skinmesh-vat\"");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.replace("\"version\": 1", "\"version\": 2")))
                .isInstanceOf(FormatException.class).hasMessage("m.json: version 2, expected 1");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.replace("\"width\"", "\"breadth\"")))
                .isInstanceOf(FormatException.class).hasMessage("m.json: width is missing, expected an integer 1..16384");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.replace("\"unorm16\"", "\"unorm12\"")))
                .isInstanceOf(FormatException.class)
                .hasMessage("m.json: encoding \"unorm12\" is unknown, expected float, half, unorm16 or unorm8");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.replace("\"offsets\": true", "\"offsets\": 1")))
                .isInstanceOf(FormatException.class).hasMessage("m.json: offsets is 1, expected true or false");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.replace("\"frames\": 32", "\"frames\": 32.5")))
                .isInstanceOf(FormatException.class)
                .hasMessage("m.json: clips[0].frames is 32.5, expected an integer 1..1048576");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.replace("\"frames\": 79", "\"frames\": 900")))
                .isInstanceOf(FormatException.class).hasMessageStartingWith("m.json: clip \"idle\": rows 96..");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json.substring(0, 40)))
                .isInstanceOf(FormatException.class).hasMessageStartingWith("m.json: offset ");
        assertThatThrownBy(() -> VatManifest.parse("m.json", json + "x"))
                .isInstanceOf(FormatException.class)
                .hasMessage("m.json: offset " + json.length() + ": unexpected text after the value");
    }

    @Test
    void aManifestWithoutItsMainTextureOrWithTooFewTexelsIsRejected() {
        Bounds b = new Bounds(0, 0, 0, 1, 1, 1);
        assertThatThrownBy(() -> new VatManifest(TextureKind.BONES, VatEncoding.HALF, 6, 1, 1, 2,
                Map.of("positions", "p.raw"), false, b, List.of(), 0, 0, Double.NaN))
                .isInstanceOf(FormatException.class)
                .hasMessage("manifest: textures [positions] lack \"bones\", required for kind bones");
        assertThatThrownBy(() -> new VatManifest(TextureKind.BONES, VatEncoding.HALF, 5, 1, 1, 2,
                Map.of("bones", "b.raw"), false, b, List.of(), 0, 0, Double.NaN))
                .isInstanceOf(FormatException.class)
                .hasMessage("manifest: rowsPerFrame 1 x width 5 = 5 texels per frame, fewer than the 6 needed");
        VatManifest m = manifest();
        assertThatThrownBy(() -> m.clipIndex("run")).isInstanceOf(ValidationException.class)
                .hasMessage("manifest: clip \"run\" is not in the clip table [walk, idle]");
    }

    /** A manifest never carries a NaN or an infinite error as a result; a clip never a bad rate or error. */
    @Test
    void nonFiniteFiguresAreRejectedNamingTheKey() {
        Bounds b = new Bounds(0, 0, 0, 1, 1, 1);
        Map<String, String> bones = Map.of("bones", "b.raw");
        assertThatThrownBy(() -> new VatManifest(TextureKind.BONES, VatEncoding.HALF, 6, 1, 1, 2, bones, false, b,
                List.of(), Double.NaN, 0, Double.NaN)).isInstanceOf(FormatException.class)
                .hasMessage("manifest: maxError NaN, expected a finite number >= 0");
        assertThatThrownBy(() -> new VatManifest(TextureKind.BONES, VatEncoding.HALF, 6, 1, 1, 2, bones, false, b,
                List.of(), 0, Double.POSITIVE_INFINITY, Double.NaN)).isInstanceOf(FormatException.class)
                .hasMessage("manifest: rmsError Infinity, expected a finite number >= 0");
        assertThatThrownBy(() -> new VatManifest(TextureKind.VERTEX, VatEncoding.HALF, 6, 1, 1, 2,
                Map.of("positions", "p.raw"), false, b, List.of(), 0, 0, Double.POSITIVE_INFINITY))
                .isInstanceOf(FormatException.class)
                .hasMessage("manifest: normalMaxErrorDegrees Infinity, expected a finite number >= 0 (or none)");
        assertThat(new VatManifest(TextureKind.BONES, VatEncoding.HALF, 6, 1, 1, 2, bones, false, b, List.of(), 0, 0,
                Double.NaN).normalMaxErrorDegrees()).isNaN();
        VatClip nan = new VatClip("walk", 0, 2, 30, 1, true, b, Double.NaN, 0);
        assertThatThrownBy(() -> new VatManifest(TextureKind.BONES, VatEncoding.HALF, 6, 2, 1, 2, bones, false, b,
                List.of(nan), 0, 0, Double.NaN)).isInstanceOf(FormatException.class)
                .hasMessage("manifest: clip \"walk\": maxError NaN, expected a finite number >= 0");
        assertThatThrownBy(() -> new VatClip("walk", 0, 2, 0, 1, true, b, 0, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("VatClip \"walk\": fps 0.0, duration 1.0, expected a finite fps > 0 and a finite"
                        + " duration >= 0");
        assertThatThrownBy(() -> new VatClip("walk", 0, 2, 30, Float.NaN, true, b, 0, 0))
                .isInstanceOf(ValidationException.class).hasMessageContaining("duration NaN");
    }

    /** A clip name with an unpaired surrogate is written escaped (valid UTF-8) and reads back as the same chars. */
    @Test
    void aClipNameWithAnUnpairedSurrogateSurvivesTheFile() {
        Bounds b = new Bounds(0, 0, 0, 1, 1, 1);
        String name = "walk\ud800 \"fast\"";
        VatManifest m = new VatManifest(TextureKind.BONES, VatEncoding.HALF, 6, 2, 1, 2, Map.of("bones", "b.raw"),
                false, b, List.of(new VatClip(name, 0, 2, 30, 1, true, b, 0, 0)), 0, 0, Double.NaN);
        String json = m.toJson();
        assertThat(json).contains("\"walk\\ud800 \\\"fast\\\"\"");
        String read = new String(json.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                java.nio.charset.StandardCharsets.UTF_8);
        assertThat(VatManifest.parse("m.json", read).clips().get(0).name()).isEqualTo(name);
    }
}
