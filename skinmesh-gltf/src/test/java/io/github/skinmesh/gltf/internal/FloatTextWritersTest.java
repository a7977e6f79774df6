package io.github.skinmesh.gltf.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.FloatNode;
import io.github.skinmesh.core.internal.DecimalText;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The two writers of floats in JSON: the Jackson generator behind the glTF writer's mapper (its own
 * shortest-digit writer, {@code USE_FAST_DOUBLE_WRITER}) and core's {@link DecimalText}, which
 * {@link Json#floatText} and the manifests use. For the same float both give the same text, and
 * that text reads back to the same bits through a one-rounding parser ({@code Float.parseFloat}, as
 * the manifest reader does); {@link Json#floatText} departs from it only where the glTF reader's
 * double-then-float path would not give the float back, and its text always does.
 */
class FloatTextWritersTest {
    private static String jackson(float f) {
        try {
            return Json.mapper().writeValueAsString(FloatNode.valueOf(f));
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    private static String jackson(double d) {
        try {
            return Json.mapper().writeValueAsString(DoubleNode.valueOf(d));
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    /** The float the glTF reader makes of a number's text. */
    private static float gltfRead(String text) {
        byte[] doc = ("{\"v\": " + text + "}").getBytes(StandardCharsets.UTF_8);
        JsonNode root = Json.parse(doc, 0, doc.length, "test");
        return Json.number(root, "v", "test", Float.NaN);
    }

    private static void checkFloat(float f) {
        String decimal = DecimalText.of(f);
        String generator = jackson(f);
        assertThat(generator).as("Jackson's text of %s", decimal).isEqualTo(decimal);
        assertThat(Float.floatToRawIntBits(Float.parseFloat(decimal))).isEqualTo(Float.floatToRawIntBits(f));

        String gltf = Json.floatText(f);
        assertThat(Float.floatToIntBits(gltfRead(gltf))).isEqualTo(Float.floatToIntBits(f));
        boolean doublePathHolds = Float.floatToIntBits((float) Double.parseDouble(decimal)) == Float.floatToIntBits(f);
        if (doublePathHolds) {
            assertThat(gltf).isEqualTo(decimal);
        } else {
            assertThat(gltf).isEqualTo(DecimalText.of((double) f));
        }
    }

    @Property(tries = 20000, seed = "20261202")
    void bothWritersGiveTheSameTextForAFloatAndItReadsBack(@ForAll int bits) {
        float f = Float.intBitsToFloat(bits);
        if (Float.isFinite(f)) {
            checkFloat(f);
        }
    }

    @Property(tries = 5000, seed = "20261202")
    void bothWritersGiveTheSameTextForADoubleAndItReadsBack(@ForAll long bits) {
        double d = Double.longBitsToDouble(bits);
        if (!Double.isFinite(d)) {
            return;
        }
        String decimal = DecimalText.of(d);
        assertThat(jackson(d)).isEqualTo(decimal);
        assertThat(Double.doubleToRawLongBits(Double.parseDouble(decimal))).isEqualTo(Double.doubleToRawLongBits(d));
    }

    /** Where the layouts switch (plain from 1e-3 to below 1e7), the extremes, zeros and subnormals. */
    @Example
    void edgesOfTheLayout() {
        float[] values = {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE,
            1e-3f, Math.nextDown(1e-3f), 1e7f, Math.nextDown(1e7f), 0.1f, 1f / 3, 30f, 2.5e-5f, 16777216f, 3.4028235e38f};
        for (float f : values) {
            checkFloat(f);
        }
        assertThat(jackson(0f)).isEqualTo("0.0");
        assertThat(jackson(1e7f)).isEqualTo("1.0E7");
        assertThat(jackson(1e-3f)).isEqualTo("0.001");
    }
}
