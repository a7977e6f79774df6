package io.github.skinmesh.vat.keys;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.Mesh;
import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** The segment table's JSON: the exact text of a small table, and numbers that read back bit for bit. */
class KeyTableJsonTest {
    static Mesh mesh(String name) {
        return Mesh.builder(name).positions(new float[] {0, 0, 0}).indices(new int[0]).build();
    }

    @Test
    void aSmallTableIsWrittenExactlySo() {
        KeySegment a = new KeySegment(0, 0, 6, new float[] {0, 0.1f, 0.125f, 0.2f}, 0.001, 0.0005, 0.002, 0.001, 1.5);
        KeySegment b = new KeySegment(1, 6, 12, new float[] {0.2f, 0.25f, 0.3f, 0.4f}, 0.0025, 0.00125, 0.0025, 0.00125,
                0.25);
        KeyframeResult r = new KeyframeResult("run \"fast\"", 0.4f, 30, 13, 1, true, true, 0.005f, 0.0125, List.of(a, b),
                List.of(mesh("run.segment0"), mesh("run.segment1")), 0.0025, 0.001, 1.5, List.of());
        assertThat(r.toJson()).isEqualTo("""
                {
                  "format": "skinmesh-keys",
                  "version": 1,
                  "clip": "run \\"fast\\"",
                  "duration": 0.4,
                  "fps": 30.0,
                  "frames": 13,
                  "vertexCount": 1,
                  "normals": true,
                  "interpolation": "cubic-lagrange",
                  "segmentCount": 2,
                  "segmentMode": "auto",
                  "tolerance": 0.005,
                  "toleranceUnits": 0.0125,
                  "segments": [
                    {"index": 0, "mesh": "run.segment0", "firstFrame": 0, "lastFrame": 6, "start": 0.0, "end": 0.2, \
                "keyTimes": [0.0, 0.1, 0.125, 0.2], "maxError": 0.001, "rmsError": 0.0005, "thirdsMaxError": 0.002, \
                "thirdsRmsError": 0.001, "normalMaxErrorDegrees": 1.5},
                    {"index": 1, "mesh": "run.segment1", "firstFrame": 6, "lastFrame": 12, "start": 0.2, "end": 0.4, \
                "keyTimes": [0.2, 0.25, 0.3, 0.4], "maxError": 0.0025, "rmsError": 0.00125, "thirdsMaxError": 0.0025, \
                "thirdsRmsError": 0.00125, "normalMaxErrorDegrees": 0.25}
                  ],
                  "maxError": 0.0025,
                  "rmsError": 0.001,
                  "normalMaxErrorDegrees": 1.5
                }
                """);
        KeyframeResult fixed = new KeyframeResult("c", 0.4f, 30, 13, 1, false, false, 0.005f, Double.NaN,
                List.of(new KeySegment(0, 0, 12, new float[] {0, 0.1f, 0.3f, 0.4f}, 0, 0, 0, 0, Double.NaN)),
                List.of(mesh("c.segment0")), 0, 0, Double.NaN, List.of());
        assertThat(fixed.toJson()).contains("\"segmentMode\": \"fixed\",\n  \"segments\"")
                .doesNotContain("tolerance").doesNotContain("normalMaxErrorDegrees")
                .endsWith("\"maxError\": 0.0,\n  \"rmsError\": 0.0\n}\n");
    }

    @Test
    void numbersTakeTheShortestTextInEveryRange() {
        assertThat(KeyTableJson.number(30f)).isEqualTo("30.0");
        assertThat(KeyTableJson.number(0.1f)).isEqualTo("0.1");
        assertThat(KeyTableJson.number(1f / 3)).isEqualTo("0.33333334");
        assertThat(KeyTableJson.number(-0f)).isEqualTo("-0.0");
        assertThat(KeyTableJson.number(1e-8f)).isEqualTo("1E-8");
        assertThat(KeyTableJson.number(1.5e30f)).isEqualTo("1.5E+30");
        assertThat(KeyTableJson.number(Float.MIN_VALUE)).isEqualTo("1.4E-45");
        assertThat(KeyTableJson.number(0.1)).isEqualTo("0.1");
        assertThat(KeyTableJson.number(1.0 / 3)).isEqualTo("0.3333333333333333");
        assertThat(KeyTableJson.number(2e23)).isEqualTo("2E+23");
        assertThat(KeyTableJson.number(Double.MIN_VALUE)).isEqualTo("4.9E-324");
    }

    @Property(tries = 2000, seed = "20261201")
    void floatsReadBackBitForBit(@ForAll float f) {
        if (Float.isFinite(f)) {
            String text = KeyTableJson.number(f);
            assertThat(Float.floatToRawIntBits(Float.parseFloat(text))).isEqualTo(Float.floatToRawIntBits(f));
            // at most the 9 significant digits that always suffice for a float
            assertThat(new BigDecimal(text).stripTrailingZeros().precision()).isLessThanOrEqualTo(9);
        }
    }

    @Property(tries = 2000, seed = "20261202")
    void doublesReadBackBitForBit(@ForAll double v) {
        if (Double.isFinite(v)) {
            String text = KeyTableJson.number(v);
            assertThat(Double.doubleToRawLongBits(Double.parseDouble(text))).isEqualTo(Double.doubleToRawLongBits(v));
        }
    }
}
