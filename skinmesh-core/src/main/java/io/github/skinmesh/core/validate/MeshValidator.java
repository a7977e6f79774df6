package io.github.skinmesh.core.validate;

import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Structural checks of a mesh against a skeleton, for asset pipelines and the command line.
 *
 * <p>{@link #validate(Mesh, Skeleton, ValidateOptions)} runs every {@link Check} and returns a
 * {@link ValidationReport}: problems with a {@link Severity}, the element they name and a
 * message that gives the offending value and the expectation, in a deterministic order (by
 * check, then by element index). Among them: palette bones missing from the skeleton, inverse
 * bind matrices that are not affine or not invertible, weights that are all zero or do not sum
 * to 1, too many influences or palette entries, unused palette entries, degenerate and zero-area
 * triangles, unreferenced vertices, normals and tangents not of unit length, tangent
 * handedness, empty submeshes, draws binding more bones than a renderer allows or bones none of
 * their vertices use, unused materials, textures sampling a missing UV channel, and morph target
 * oddities. (Draws whose vertices weight bones outside the draw cannot exist: the mesh rejects
 * them when it is built.) See {@link Check} for each check's severity and element.
 *
 * <p>The mesh is only read. Work is linear in the vertex, index, palette and material counts;
 * besides the report it allocates one flag per vertex and per palette entry. Stateless and
 * thread-safe.
 *
 * <p>Example, failing a build on errors:
 * <pre>{@code
 * ValidationReport report = MeshValidator.validate(mesh, skeleton,
 *         ValidateOptions.DEFAULTS.withStrictness(Strictness.STRICT).withMaxInfluences(4));
 * System.out.print(report.toText());
 * if (report.hasErrors()) {
 *     throw new IllegalStateException(report.errorCount() + " errors in " + report.mesh());
 * }
 * }</pre>
 */
public final class MeshValidator {
    /** Largest accepted deviation of an inverse bind matrix's last row from {@code (0, 0, 0, 1)}. */
    public static final float AFFINE_TOLERANCE = 1e-5f;
    /**
     * An inverse bind matrix is reported as not invertible when the absolute determinant of its
     * upper 3x3 is at most this fraction of the product of that block's column lengths (1 for
     * orthogonal columns, 0 for a singular block; independent of the matrix's scale).
     */
    public static final double SINGULAR_RATIO = 1e-6;

    private MeshValidator() {
    }

    /**
     * Validates with {@link ValidateOptions#DEFAULTS}.
     *
     * @param mesh the mesh
     * @param skeleton the skeleton its palette is resolved against, or {@code null} to skip that
     *     check
     * @return the report
     */
    public static ValidationReport validate(Mesh mesh, @Nullable Skeleton skeleton) {
        return validate(mesh, skeleton, ValidateOptions.DEFAULTS);
    }

    /**
     * Runs every check on {@code mesh}. Skin checks run only when the mesh has a {@link Skin};
     * palette bones are looked up in {@code skeleton} by name when it is given.
     *
     * @param mesh the mesh
     * @param skeleton the skeleton its palette is resolved against, or {@code null} to skip that
     *     check (the other skin checks still run)
     * @param options tolerances, limits and strictness
     * @return the report; {@link ValidationReport#isClean()} when nothing was found
     */
    public static ValidationReport validate(Mesh mesh, @Nullable Skeleton skeleton, ValidateOptions options) {
        Objects.requireNonNull(mesh, "mesh");
        Objects.requireNonNull(options, "options");
        ProblemCollector out = new ProblemCollector(options.maxProblemsPerCheck());
        Skin skin = mesh.skin();
        if (skin != null) {
            SkinChecks.run(skin, skeleton, options, out);
        }
        TriangleChecks.run(mesh, options, out);
        AttributeChecks.run(mesh, options, out);
        MaterialChecks.run(mesh, out);
        DrawChecks.run(mesh, options, out);
        MorphChecks.run(mesh, out);
        return out.finish(Elements.mesh(mesh.name()));
    }
}
