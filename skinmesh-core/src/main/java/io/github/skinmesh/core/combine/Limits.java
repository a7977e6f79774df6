package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import java.util.List;

/**
 * The size checks of a combination, run on the inputs before anything of the result is prepared
 * or allocated: the vertex count must fit an int and every output array (positions, tangents,
 * joints, indices) the largest Java array. The message names the part that crosses the limit.
 */
final class Limits {
    private Limits() {
    }

    /**
     * @param meshes the parts' meshes in input order
     * @param names their parts' names
     * @throws ValidationException naming the part with which a total crosses its limit
     */
    static void check(List<Mesh> meshes, List<String> names) {
        long vertices = 0;
        long indices = 0;
        int influences = 1;
        for (int i = 0; i < meshes.size(); i++) {
            Mesh m = meshes.get(i);
            vertices += m.vertexCount();
            for (Submesh s : m.submeshes()) {
                indices += s.indexCount();
            }
            Skin skin = m.skin();
            if (skin != null) {
                influences = Math.max(influences, skin.weights().influencesPerVertex());
            }
            String part = "combine: part " + Checks.quote(names.get(i)) + " (input " + i + ")";
            if (indices > Checks.MAX_ARRAY_LENGTH) {
                throw new ValidationException(part + " brings the result to " + indices + " indices, expected at most "
                        + Checks.MAX_ARRAY_LENGTH + " (the largest array; an int index list holds at most 2^31-1)");
            }
            if (vertices > Integer.MAX_VALUE) {
                throw new ValidationException(part + " brings the result to " + vertices
                        + " vertices, expected at most " + Integer.MAX_VALUE);
            }
            int widest = Math.max(4, influences);
            if (widest * vertices > Checks.MAX_ARRAY_LENGTH) {
                throw new ValidationException(part + " brings the result to " + vertices + " vertices, whose "
                        + (influences > 4 ? "joints" : "tangents") + " need " + widest + "*vertexCount = "
                        + widest * vertices + " entries, expected at most " + Checks.MAX_ARRAY_LENGTH + " (the largest array)");
            }
        }
    }
}
