package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.internal.Checks;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Options of {@link Meshes#concat(List, ConcatOptions)}.
 *
 * @param name the name of the result, or {@code null} (the default) for the first mesh's name
 * @param bindMatrixTolerance how far the inverse bind matrices that two meshes give one bone may
 *     differ and still be taken as the same: element by element,
 *     {@code |a - b| <= tolerance * max(1, |a|, |b|)} (absolute for elements up to 1, relative
 *     beyond); the first mesh's matrix is kept. Finite, 0..1; default 1e-5 (a few float ulps at the
 *     scales of typical assets); 0 requires identical values
 */
public record ConcatOptions(@Nullable String name, float bindMatrixTolerance) {
    /** The first mesh's name, bind matrices equal within 1e-5. */
    public static final ConcatOptions DEFAULTS = new ConcatOptions(null, 1e-5f);

    /**
     * Validates the options.
     *
     * @param name the result's name or {@code null}
     * @param bindMatrixTolerance the tolerance, 0..1
     * @throws io.github.skinmesh.core.ValidationException when the tolerance is out of range
     */
    public ConcatOptions {
        Checks.requireRange("ConcatOptions", "bindMatrixTolerance", bindMatrixTolerance, 0f, 1f);
    }

    /**
     * @param value the result's name (may be empty)
     * @return a copy with that name
     */
    public ConcatOptions withName(String value) {
        return new ConcatOptions(Objects.requireNonNull(value, "name"), bindMatrixTolerance);
    }

    /**
     * @param value the tolerance, 0..1
     * @return a copy with that tolerance
     * @throws io.github.skinmesh.core.ValidationException when out of range
     */
    public ConcatOptions withBindMatrixTolerance(float value) {
        return new ConcatOptions(name, value);
    }
}
