package io.github.skinmesh.core.skinning;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Mesh;
import org.jspecify.annotations.Nullable;

/** Argument checks shared by the entry classes of this package, in addition to {@link Checks}. */
final class Arguments {
    private Arguments() {
    }

    /**
     * Requires {@code value >= 0}.
     *
     * @param where the operation, e.g. {@code "skinInto"}
     * @param name the parameter, e.g. {@code "firstVertex"}
     * @param value its value
     */
    static void requireNonNegative(String where, String name, int value) {
        if (value < 0) {
            throw new ValidationException(where + ": " + name + "=" + value + ", expected >= 0");
        }
    }

    /**
     * Requires the mesh to have the stream that a destination was given for.
     *
     * @param where the operation
     * @param mesh the mesh
     * @param stream the mesh's stream, null when it has none
     * @param what the stream's name, e.g. {@code "normals"}
     * @param result what the destination receives, e.g. {@code "skinned"}
     * @return {@code stream}
     */
    static float[] requireMeshStream(String where, Mesh mesh, float @Nullable [] stream, String what, String result) {
        if (stream == null) {
            throw new ValidationException(where + ": mesh " + Checks.quote(mesh.name()) + " has no " + what
                    + ", but a destination for " + result + " " + what + " was given");
        }
        return stream;
    }
}
