package io.github.skinmesh.vat;

import io.github.skinmesh.core.ValidationException;

/** Checks shared by the options records. */
final class OptionChecks {
    private OptionChecks() {
    }

    static void requireFps(String where, float fps) {
        if (!(fps > 0 && fps < Float.POSITIVE_INFINITY)) {
            throw new ValidationException(where + ": fps=" + fps + ", expected a finite rate > 0");
        }
    }

    static void requireSize(String where, String name, int value) {
        if (value < 1 || value > Vat.MAX_TEXTURE_SIZE) {
            throw new ValidationException(where + ": " + name + "=" + value + ", expected 1.." + Vat.MAX_TEXTURE_SIZE);
        }
    }
}
