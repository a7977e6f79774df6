package io.github.skinmesh.vat.keys;

import io.github.skinmesh.core.internal.DecimalText;
import io.github.skinmesh.core.internal.JsonText;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * Writes a bake's segment table as JSON text (format {@value #FORMAT}, version {@value #VERSION};
 * the project's keys document specifies it).
 *
 * <p>Numbers: a float (a time, a rate) is written as the shortest decimal that reads back to the
 * same float, an error (a double) likewise to the same double, chosen by core's
 * {@code DecimalText} with the JDK 19 rule and the same on every JDK (the JDK's own
 * shortest-digit output changed in JDK 19), in the plain layout below.
 */
final class KeyTableJson {
    /** The value of the {@code format} key. */
    static final String FORMAT = "skinmesh-keys";
    /** The version written. */
    static final int VERSION = 1;
    /** The value of the {@code interpolation} key: the cubic through the 4 keys, Lagrange form. */
    static final String INTERPOLATION = "cubic-lagrange";

    private KeyTableJson() {
    }

    static String write(KeyframeResult r) {
        StringBuilder sb = new StringBuilder(1024);
        sb.append("{\n");
        sb.append("  \"format\": \"").append(FORMAT).append("\",\n");
        sb.append("  \"version\": ").append(VERSION).append(",\n");
        sb.append("  \"clip\": ");
        JsonText.quote(sb, r.clipName());
        sb.append(",\n  \"duration\": ").append(number(r.duration()));
        sb.append(",\n  \"fps\": ").append(number(r.fps()));
        sb.append(",\n  \"frames\": ").append(r.frameCount());
        sb.append(",\n  \"vertexCount\": ").append(r.vertexCount());
        sb.append(",\n  \"normals\": ").append(r.hasNormals());
        sb.append(",\n  \"interpolation\": \"").append(INTERPOLATION).append('"');
        sb.append(",\n  \"segmentCount\": ").append(r.segments().size());
        sb.append(",\n  \"segmentMode\": \"").append(r.autoSegments() ? "auto" : "fixed").append('"');
        if (r.autoSegments()) {
            sb.append(",\n  \"tolerance\": ").append(number(r.tolerance()));
            sb.append(",\n  \"toleranceUnits\": ").append(number(r.absoluteTolerance()));
        }
        sb.append(",\n  \"segments\": [");
        for (int s = 0; s < r.segments().size(); s++) {
            KeySegment seg = r.segments().get(s);
            sb.append(s == 0 ? "\n" : ",\n").append("    {\"index\": ").append(s).append(", \"mesh\": ");
            JsonText.quote(sb, r.meshes().get(s).name());
            sb.append(", \"firstFrame\": ").append(seg.firstFrame()).append(", \"lastFrame\": ").append(seg.lastFrame())
                    .append(", \"start\": ").append(number(seg.start())).append(", \"end\": ")
                    .append(number(seg.end())).append(", \"keyTimes\": [");
            for (int k = 0; k < Keyframes.KEYS; k++) {
                sb.append(k == 0 ? "" : ", ").append(number(seg.keyTime(k)));
            }
            sb.append("], \"maxError\": ").append(number(seg.maxError())).append(", \"rmsError\": ")
                    .append(number(seg.rmsError())).append(", \"thirdsMaxError\": ").append(number(seg.thirdsMaxError()))
                    .append(", \"thirdsRmsError\": ").append(number(seg.thirdsRmsError()));
            if (r.hasNormals()) {
                sb.append(", \"normalMaxErrorDegrees\": ").append(number(seg.normalMaxErrorDegrees()));
            }
            sb.append('}');
        }
        sb.append("\n  ],\n");
        sb.append("  \"maxError\": ").append(number(r.maxError())).append(",\n");
        sb.append("  \"rmsError\": ").append(number(r.rmsError()));
        if (r.hasNormals()) {
            sb.append(",\n  \"normalMaxErrorDegrees\": ").append(number(r.normalMaxErrorDegrees()));
        }
        sb.append("\n}\n");
        return sb.toString();
    }

    /** @return the shortest decimal text that reads back to {@code f}, see the class documentation */
    static String number(float f) {
        if (!Float.isFinite(f)) {
            throw new IllegalArgumentException("not a JSON number: " + f);
        }
        if (f == 0) {
            return Float.floatToRawIntBits(f) < 0 ? "-0.0" : "0.0";
        }
        return text(DecimalText.shortest(f));
    }

    /** @return the shortest decimal text that reads back to {@code v}, see the class documentation */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("not a JSON number: " + v);
        }
        if (v == 0) {
            return Double.doubleToRawLongBits(v) < 0 ? "-0.0" : "0.0";
        }
        return text(DecimalText.shortest(v));
    }

    /**
     * Plain notation with at least one fraction digit for exponents -7..20 ({@code 30.0},
     * {@code 0.0125}), else {@code 1.5E-8} style.
     */
    private static String text(BigDecimal d) {
        BigDecimal s = d.stripTrailingZeros();
        int exponent = s.precision() - s.scale() - 1;
        if (exponent < -7 || exponent > 20) {
            return s.toString().toUpperCase(Locale.ROOT);
        }
        String plain = s.toPlainString();
        return plain.indexOf('.') < 0 ? plain + ".0" : plain;
    }

}
