package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;

/** Validation shared by the channel types. */
final class Keys {
    private Keys() {
    }

    /**
     * Checks key times (finite, {@code >= 0}, strictly increasing, at least one) and the value
     * count {@code keyCount * components * elementsPerKey}.
     */
    static void check(String where, float[] times, float[] values, int components, Interpolation interpolation) {
        if (times.length == 0) {
            throw new ValidationException(where + ": no keys, expected at least 1");
        }
        for (int k = 0; k < times.length; k++) {
            float t = times[k];
            if (!Float.isFinite(t) || t < 0) {
                throw new ValidationException(where + ": key " + k + " time " + t + ", expected a finite time >= 0");
            }
            if (k > 0 && !(t > times[k - 1])) {
                throw new ValidationException(where + ": key " + k + " time " + t + " is not after key " + (k - 1)
                        + " time " + times[k - 1] + ", expected strictly increasing times");
            }
        }
        long expected = (long) times.length * components * interpolation.elementsPerKey();
        if (values.length != expected) {
            throw new ValidationException(where + ": values length " + values.length + ", expected keyCount*"
                    + components + (interpolation == Interpolation.CUBICSPLINE ? "*3" : "") + " = " + expected);
        }
        Checks.requireFinite(where, "value", values, components * interpolation.elementsPerKey(), "key");
    }
}
