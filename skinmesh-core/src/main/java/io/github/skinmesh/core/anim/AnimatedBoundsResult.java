package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.model.Bounds;
import java.util.List;
import java.util.Objects;

/**
 * The result of {@link AnimatedBounds#compute}.
 *
 * @param bounds box of the skinned positions over all samples, in the skeleton's model space
 *     ({@link Bounds#EMPTY} for a mesh without vertices)
 * @param sampleCount number of clip times sampled, {@code >= 1}
 * @param method the method that computed {@code bounds}
 * @param warnings facts the caller may want to know, each a sentence naming the element (for
 *     example vertices without influence, or a morph channel that was not found); read-only
 */
public record AnimatedBoundsResult(Bounds bounds, int sampleCount, AnimatedBoundsOptions.Method method,
        List<String> warnings) {
    /**
     * @param bounds the box
     * @param sampleCount samples taken
     * @param method the method used
     * @param warnings warnings, copied
     */
    public AnimatedBoundsResult {
        Objects.requireNonNull(bounds, "bounds");
        Objects.requireNonNull(method, "method");
        warnings = List.copyOf(warnings);
    }
}
