package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Objects;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.jspecify.annotations.Nullable;

/**
 * A mesh placed on a character: the mesh, the bone it hangs from (if any) and its transform.
 *
 * <p>Where a part's vertices end up in the character's model space (the space of the skeleton's
 * root bones' parent, see {@link io.github.skinmesh.core.anim.PoseEvaluation}):
 * <ul>
 *   <li><b>Skinned part</b> (its mesh has a {@link Skin}): {@code p' = sum_k w_k * skin_k * (T * p)},
 *       with {@code T} the part's {@linkplain #transform(Matrix4f) transform}. {@code T} is a bind-shape
 *       matrix: it places the mesh's vertices in the space its inverse bind matrices expect, before
 *       the bones move them. It is usually the identity (glTF, for one, ignores the transform of a
 *       skinned node); because it acts on the vertex data alone it can be baked into the vertices
 *       exactly (combine does so). A skinned part hangs from no bone: its bones place it.</li>
 *   <li><b>Rigid part</b> (no skin): {@code p' = model(attachBone) * T * p}, or {@code T * p}
 *       without an attach bone. A hat on the head bone, a sword in the hand, a robot's forearm.</li>
 * </ul>
 * Morph targets act first, on the mesh's own vertices. Normals follow the inverse transpose of
 * {@code T} (and of the bone matrices), tangents its upper 3x3, with the tangent's handedness
 * {@code w} flipped when {@code T} mirrors.
 *
 * <p>The attach bone is a bone <em>name</em>, resolved against the skeleton of the
 * {@link Character} that holds the part; parts of different characters combine by bone name. The
 * part's name is unique within a character and is the key that a clip's
 * {@linkplain MorphChannel#target() morph-weight channel} targets.
 *
 * <p>Immutable and thread-safe; the factories copy the matrix.
 */
public final class Part {
    private static final float[] IDENTITY = new Matrix4f().get(new float[16]);

    private final String name;
    private final Mesh mesh;
    private final @Nullable String attachBone;
    private final float[] transform;
    private final boolean identity;

    private Part(String name, Mesh mesh, @Nullable String attachBone, float[] transform) {
        this.name = Objects.requireNonNull(name, "name");
        this.mesh = Objects.requireNonNull(mesh, "mesh");
        String where = "part " + Checks.quote(name);
        if (attachBone != null && mesh.skin() != null) {
            throw new ValidationException(where + ": attach bone " + Checks.quote(attachBone)
                    + " given for a skinned mesh, expected none (the skin's bones place a skinned part)");
        }
        if (attachBone != null && attachBone.isEmpty()) {
            throw new ValidationException(where + ": attach bone name is empty, expected a bone name or none");
        }
        Checks.requireFinite(where, "transform", transform, 16, "matrix");
        if (transform[3] != 0 || transform[7] != 0 || transform[11] != 0 || transform[15] != 1) {
            throw new ValidationException(where + ": transform row 3 is (" + transform[3] + ", " + transform[7] + ", "
                    + transform[11] + ", " + transform[15] + "), expected (0, 0, 0, 1) (an affine matrix)");
        }
        this.attachBone = attachBone;
        this.transform = transform;
        this.identity = Arrays.equals(transform, IDENTITY);
    }

    /**
     * A part with no attach bone and the identity transform: a skinned mesh, or a rigid mesh
     * fixed in model space.
     *
     * @param name the part's name (unique within its character; may be empty)
     * @param mesh the mesh
     * @return the part
     */
    public static Part of(String name, Mesh mesh) {
        return new Part(name, mesh, null, IDENTITY.clone());
    }

    /**
     * A part with its placement.
     *
     * @param name the part's name (unique within its character; may be empty)
     * @param mesh the mesh
     * @param attachBone the bone a rigid part hangs from, or {@code null}; must be {@code null} for
     *     a skinned mesh
     * @param transform a finite affine matrix (row 3 is {@code 0 0 0 1}), copied
     * @return the part
     * @throws ValidationException when a skinned mesh is given an attach bone, the bone name is
     *     empty, or the transform is not finite or not affine
     */
    public static Part of(String name, Mesh mesh, @Nullable String attachBone, Matrix4fc transform) {
        return new Part(name, mesh, attachBone, transform.get(new float[16]));
    }

    /** @return the name, unique within a character (may be empty) */
    public String name() {
        return name;
    }

    /** @return the mesh */
    public Mesh mesh() {
        return mesh;
    }

    /** @return whether the mesh has a skin */
    public boolean isSkinned() {
        return mesh.skin() != null;
    }

    /** @return the bone a rigid part hangs from, or {@code null} */
    public @Nullable String attachBone() {
        return attachBone;
    }

    /** @return whether the transform is exactly the identity */
    public boolean hasIdentityTransform() {
        return identity;
    }

    /**
     * Copies the transform.
     *
     * @param dest receives the matrix
     * @return {@code dest}
     */
    public Matrix4f transform(Matrix4f dest) {
        return dest.set(transform);
    }

    /**
     * Copies the transform, column-major.
     *
     * @param dst destination, at least {@code offset + 16} floats
     * @param offset first float written
     * @return {@code dst}
     */
    public float[] transformInto(float[] dst, int offset) {
        System.arraycopy(transform, 0, dst, offset, 16);
        return dst;
    }

    /**
     * Returns this part with another mesh, keeping its name and placement.
     *
     * @param newMesh the mesh
     * @return a new part
     * @throws ValidationException when the part hangs from a bone and {@code newMesh} is skinned
     */
    public Part withMesh(Mesh newMesh) {
        return new Part(name, newMesh, attachBone, transform);
    }

    /**
     * Returns this part under another name.
     *
     * @param newName the name
     * @return a new part
     */
    public Part withName(String newName) {
        return new Part(newName, mesh, attachBone, transform);
    }

    float[] rawTransform() {
        return transform;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Part)) {
            return false;
        }
        Part p = (Part) o;
        return name.equals(p.name) && mesh.equals(p.mesh) && Objects.equals(attachBone, p.attachBone)
                && Arrays.equals(transform, p.transform);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, mesh, attachBone, Arrays.hashCode(transform));
    }

    @Override
    public String toString() {
        return "Part[" + Checks.quote(name) + ", " + mesh + (attachBone != null ? ", on " + Checks.quote(attachBone) : "")
                + (identity ? "" : ", transformed") + "]";
    }
}
