package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A triangle-list mesh: vertex attribute streams, triangle indices, submeshes (one draw call
 * each, or several {@linkplain Draw draws}) with their materials, an optional {@link Skin} and
 * morph targets.
 *
 * <p>Streams, all with {@code vertexCount} elements: positions (xyz, required), normals (xyz),
 * tangents (xyzw, w = handedness), colors (rgba, linear), any number of UV channels (uv, origin
 * top-left as in glTF), and any number of named extra {@linkplain VertexAttribute attributes} of
 * 1 to 4 floats (names unique within the mesh, kept in insertion order). Indices are a flat
 * triangle list, {@code 0 <= index < vertexCount}. Submeshes are index ranges with a material
 * index. Without submeshes the whole index list is one submesh of material 0; without materials
 * a default {@link Material} is used.
 *
 * <p>Draws: a submesh of a skinned mesh may be split into draws, each an index range with the
 * palette entries it binds. The mesh checks when it is built that each submesh's draws tile it
 * exactly (consecutive, in order, whole triangles, none empty), that their entries are below
 * the palette size, and that every vertex of every triangle of a draw has weight {@code > 0}
 * only on that draw's entries.
 *
 * <p>Immutable and thread-safe. {@link #builder(String)} copies each array once; no method
 * returns an internal array (use the {@code ...Into} copies or the copying getters).
 */
public final class Mesh {
    private final String name;
    private final int vertexCount;
    private final float[] positions;
    private final float @Nullable [] normals;
    private final float @Nullable [] tangents;
    private final float @Nullable [] colors;
    private final float[][] uvs;
    private final List<VertexAttribute> attributes;
    private final int[] indices;
    private final List<Submesh> submeshes;
    private final List<Material> materials;
    private final @Nullable Skin skin;
    private final List<MorphTarget> morphTargets;
    private final float[] morphWeights;
    private final Bounds bounds;

    private Mesh(Builder b) {
        this.name = b.name;
        String where = "mesh " + Checks.quote(name);
        if (b.positions == null) {
            throw new ValidationException(where + ": positions are missing, expected 3*vertexCount floats");
        }
        if (b.positions.length % 3 != 0) {
            throw new ValidationException(where + ": positions length " + b.positions.length + " is not a multiple of 3");
        }
        int n = b.positions.length / 3;
        this.vertexCount = n;
        if (b.normals != null) {
            Checks.requireLength(where, "normals", b.normals.length, 3 * n, "3*vertexCount");
        }
        if (b.tangents != null) {
            Checks.requireLength(where, "tangents", b.tangents.length, 4 * n, "4*vertexCount");
        }
        if (b.colors != null) {
            Checks.requireLength(where, "colors", b.colors.length, 4 * n, "4*vertexCount");
        }
        for (int c = 0; c < b.uvs.size(); c++) {
            Checks.requireLength(where, "uv channel " + c, b.uvs.get(c).length, 2 * n, "2*vertexCount");
        }
        for (VertexAttribute a : b.attributes) {
            requireCovers(where, a, n);
        }
        int[] idx = b.indices == null ? new int[0] : b.indices;
        if (idx.length % 3 != 0) {
            throw new ValidationException(where + ": index count " + idx.length + " is not a multiple of 3 (triangle list)");
        }
        if (b.trusted) {
            // the trusted path: streams and indices were built from validated data (see trustedBuilder)
            assert requireFiniteStreams(where, b) && requireIndicesInRange(where, idx, n);
        } else {
            requireFiniteStreams(where, b);
            requireIndicesInRange(where, idx, n);
        }
        List<Material> mats = b.materials.isEmpty() ? List.of(Material.builder("").build()) : List.copyOf(b.materials);
        List<Submesh> subs = b.submeshes.isEmpty() ? List.of(new Submesh(0, idx.length, 0)) : List.copyOf(b.submeshes);
        for (int s = 0; s < subs.size(); s++) {
            Submesh sm = subs.get(s);
            if (sm.firstIndex() < 0 || sm.indexCount() < 0 || sm.firstIndex() % 3 != 0 || sm.indexCount() % 3 != 0
                    || (long) sm.firstIndex() + sm.indexCount() > idx.length) {
                throw new ValidationException(where + ": submesh " + s + " covers indices " + sm.firstIndex() + ".."
                        + ((long) sm.firstIndex() + sm.indexCount()) + ", expected whole triangles within 0.." + idx.length);
            }
            if (sm.materialIndex() < 0 || sm.materialIndex() >= mats.size()) {
                throw new ValidationException(where + ": submesh " + s + " material " + sm.materialIndex()
                        + ", expected 0.." + (mats.size() - 1));
            }
        }
        if (b.skin != null && b.skin.weights().vertexCount() != n) {
            throw new ValidationException(where + ": skin weights cover " + b.skin.weights().vertexCount()
                    + " vertices, expected vertexCount " + n);
        }
        if (b.trusted) {
            // the structure of the draws is checked; that their vertices weight only their bones, as an assert
            DrawRules.run(where, subs, idx, b.skin, false);
            assert DrawRules.run(where, subs, idx, b.skin, true);
        } else {
            DrawRules.run(where, subs, idx, b.skin, true);
        }
        for (int t = 0; t < b.morphTargets.size(); t++) {
            MorphTarget mt = b.morphTargets.get(t);
            if (mt.vertexCount() != n && (mt.hasPositions() || mt.hasNormals() || mt.hasTangents())) {
                throw new ValidationException(where + ": morph target " + t + " " + Checks.quote(mt.name()) + " covers "
                        + mt.vertexCount() + " vertices, expected vertexCount " + n);
            }
        }
        float[] mw = b.morphWeights == null ? new float[b.morphTargets.size()] : b.morphWeights;
        Checks.requireLength(where, "morph weights", mw.length, b.morphTargets.size(), "morphTargetCount");
        Checks.requireFinite(where, "morph weight", mw, 1, "target");
        this.positions = b.positions;
        this.normals = b.normals;
        this.tangents = b.tangents;
        this.colors = b.colors;
        this.uvs = b.uvs.toArray(new float[0][]);
        this.attributes = List.copyOf(b.attributes);
        this.indices = idx;
        this.submeshes = subs;
        this.materials = mats;
        this.skin = b.skin;
        this.morphTargets = List.copyOf(b.morphTargets);
        this.morphWeights = mw;
        if (b.bounds != null) {
            assert b.bounds.equals(Bounds.of(positions, 0, n)) : where + ": preset bounds " + b.bounds
                    + " differ from the positions' " + Bounds.of(positions, 0, n);
            this.bounds = b.bounds;
        } else {
            this.bounds = Bounds.of(positions, 0, n);
        }
    }

    /**
     * {@code base} with other extra attributes: every other stream, the indices, submeshes,
     * materials, skin, morph targets and bounds are {@code base}'s own (immutable, so shared), and
     * nothing of them is checked again; {@code attributes} must already hold unique names, each
     * covering {@code base}'s vertex count.
     */
    private Mesh(Mesh base, List<VertexAttribute> attributes) {
        this.name = base.name;
        this.vertexCount = base.vertexCount;
        this.positions = base.positions;
        this.normals = base.normals;
        this.tangents = base.tangents;
        this.colors = base.colors;
        this.uvs = base.uvs;
        this.attributes = List.copyOf(attributes);
        this.indices = base.indices;
        this.submeshes = base.submeshes;
        this.materials = base.materials;
        this.skin = base.skin;
        this.morphTargets = base.morphTargets;
        this.morphWeights = base.morphWeights;
        this.bounds = base.bounds;
    }

    /** Requires every value of every float stream to be finite; returns {@code true} (for {@code assert}). */
    private static boolean requireFiniteStreams(String where, Builder b) {
        Checks.requireFinite(where, "position", b.positions, 3, "vertex");
        if (b.normals != null) {
            Checks.requireFinite(where, "normal", b.normals, 3, "vertex");
        }
        if (b.tangents != null) {
            Checks.requireFinite(where, "tangent", b.tangents, 4, "vertex");
        }
        if (b.colors != null) {
            Checks.requireFinite(where, "color", b.colors, 4, "vertex");
        }
        for (int c = 0; c < b.uvs.size(); c++) {
            Checks.requireFinite(where, "uv channel " + c, b.uvs.get(c), 2, "vertex");
        }
        return true;
    }

    /** Requires {@code 0 <= index < n} for every index; returns {@code true} (for {@code assert}). */
    private static boolean requireIndicesInRange(String where, int[] idx, int n) {
        for (int i = 0; i < idx.length; i++) {
            if (idx[i] < 0 || idx[i] >= n) {
                throw new ValidationException(where + ": index " + i + " is " + idx[i] + ", expected 0.." + (n - 1)
                        + " (vertexCount " + n + ")");
            }
        }
        return true;
    }

    /**
     * Starts a mesh.
     *
     * @param name the mesh's name (may be empty)
     * @return a builder whose setters copy their arrays
     */
    public static Builder builder(String name) {
        return new Builder(name, true);
    }

    static Builder adoptingBuilder(String name) {
        return new Builder(name, false);
    }

    /**
     * The trusted construction path, for skinmesh's own algorithms that build a mesh from data
     * they took from validated model objects (select, concat, combine): the builder adopts its
     * arrays like {@link #adoptingBuilder}, and {@link Builder#build()} checks the per-element
     * invariants of the vertex streams and indices (every float finite, every index below the
     * vertex count, every vertex of a draw weighting only the draw's palette entries) only as
     * {@code assert}s; the structural checks (lengths, submesh ranges, materials, draw tiling and
     * palette entries, skin and morph target sizes) still run. A caller may preset the bounds it
     * already knows ({@link Builder#presetBounds}), also checked only by an {@code assert}. The
     * public factories never take this path.
     */
    static Builder trustedBuilder(String name) {
        Builder b = new Builder(name, false);
        b.trusted = true;
        return b;
    }

    /**
     * Returns a builder holding this mesh's data (shared, not copied: it is immutable), to derive a
     * changed mesh.
     *
     * @return a builder
     */
    public Builder toBuilder() {
        return toBuilder(true);
    }

    /** A builder holding this mesh's data; with {@code copy} false its setters adopt their arrays. */
    Builder toBuilder(boolean copy) {
        Builder b = new Builder(name, copy);
        b.positions = positions;
        b.normals = normals;
        b.tangents = tangents;
        b.colors = colors;
        b.uvs.addAll(Arrays.asList(uvs));
        b.attributes.addAll(attributes);
        b.indices = indices;
        b.submeshes.addAll(submeshes);
        b.materials.addAll(materials);
        b.skin = skin;
        b.morphTargets.addAll(morphTargets);
        b.morphWeights = morphWeights;
        return b;
    }

    /** @return the name (may be empty) */
    public String name() {
        return name;
    }

    /** @return the number of vertices */
    public int vertexCount() {
        return vertexCount;
    }

    /** @return the number of indices ({@code 3*triangleCount}) */
    public int indexCount() {
        return indices.length;
    }

    /** @return the number of triangles */
    public int triangleCount() {
        return indices.length / 3;
    }

    /** @return whether normals are present */
    public boolean hasNormals() {
        return normals != null;
    }

    /** @return whether tangents are present */
    public boolean hasTangents() {
        return tangents != null;
    }

    /** @return whether vertex colors are present */
    public boolean hasColors() {
        return colors != null;
    }

    /** @return the number of UV channels */
    public int uvChannelCount() {
        return uvs.length;
    }

    /** @return the extra vertex attributes in insertion order, read-only */
    public List<VertexAttribute> attributes() {
        return attributes;
    }

    /**
     * @param name an attribute name
     * @return the extra vertex attribute of that name, or {@code null} when the mesh has none
     */
    public @Nullable VertexAttribute attribute(String name) {
        Objects.requireNonNull(name, "name");
        for (VertexAttribute a : attributes) {
            if (a.name().equals(name)) {
                return a;
            }
        }
        return null;
    }

    /** @return whether any submesh is split into draws */
    public boolean hasDraws() {
        for (Submesh s : submeshes) {
            if (s.hasDraws()) {
                return true;
            }
        }
        return false;
    }

    /** @return a copy of the positions ({@code 3*vertexCount} floats) */
    public float[] positions() {
        return positions.clone();
    }

    /**
     * Copies the positions.
     *
     * @param dst destination, at least {@code offset + 3*vertexCount} floats
     * @param offset first float written
     * @return {@code dst}
     */
    public float[] positionsInto(float[] dst, int offset) {
        System.arraycopy(positions, 0, dst, offset, positions.length);
        return dst;
    }

    /** @return a copy of the normals, or {@code null} */
    public float @Nullable [] normals() {
        return normals == null ? null : normals.clone();
    }

    /** @return a copy of the tangents ({@code 4*vertexCount}), or {@code null} */
    public float @Nullable [] tangents() {
        return tangents == null ? null : tangents.clone();
    }

    /** @return a copy of the colors ({@code 4*vertexCount}), or {@code null} */
    public float @Nullable [] colors() {
        return colors == null ? null : colors.clone();
    }

    /**
     * @param channel UV channel index
     * @return a copy of that channel ({@code 2*vertexCount} floats)
     */
    public float[] uvs(int channel) {
        return uvs[channel].clone();
    }

    /** @return a copy of the triangle indices */
    public int[] indices() {
        return indices.clone();
    }

    /**
     * Copies the indices.
     *
     * @param dst destination, at least {@code offset + indexCount} ints
     * @param offset first int written
     * @return {@code dst}
     */
    public int[] indicesInto(int[] dst, int offset) {
        System.arraycopy(indices, 0, dst, offset, indices.length);
        return dst;
    }

    /**
     * @param i index position
     * @return the vertex index stored there
     */
    public int index(int i) {
        return indices[i];
    }

    /** @return the submeshes, read-only */
    public List<Submesh> submeshes() {
        return submeshes;
    }

    /** @return the materials, read-only */
    public List<Material> materials() {
        return materials;
    }

    /** @return the skin, or {@code null} for a rigid mesh */
    public @Nullable Skin skin() {
        return skin;
    }

    /** @return the morph targets, read-only */
    public List<MorphTarget> morphTargets() {
        return morphTargets;
    }

    /** @return a copy of the default morph weights (one per target) */
    public float[] morphWeights() {
        return morphWeights.clone();
    }

    /** @return the bounds of the positions (the bind pose) */
    public Bounds bounds() {
        return bounds;
    }

    /**
     * Returns this mesh with its vertex data moved by an affine matrix {@code T}: the bind-shape
     * transform of a {@link Part}, baked. Positions become {@code T p}; normals and normal deltas
     * follow the inverse transpose of {@code T}'s upper 3x3 (its sign-corrected cofactor matrix,
     * defined even when {@code T} is singular) and tangents and tangent deltas its upper 3x3, each
     * base direction rescaled to unit length with its deltas scaled by the same factor (so
     * morphing then transforming equals transforming then morphing, up to that per-vertex
     * scale); position deltas follow the upper 3x3. When {@code T} mirrors ({@code det < 0}),
     * every triangle's winding is reversed (its second and third index swapped) so front faces
     * stay front faces, and tangent handedness {@code w} is negated. Colors, UVs, skin weights,
     * inverse bind matrices, submeshes and materials are kept. A direction that {@code T} maps
     * to zero stays zero.
     *
     * <p>Allocates the new streams; returns {@code this} when {@code T} is the identity.
     *
     * @param transform a finite affine matrix (row 3 is {@code 0 0 0 1})
     * @return the transformed mesh
     * @throws ValidationException when the matrix is not finite or not affine, or a transformed
     *     position overflows to infinity
     */
    public Mesh transformed(org.joml.Matrix4fc transform) {
        return MeshTransform.apply(this, transform);
    }

    /**
     * Returns this mesh with one extra vertex attribute set: the attributes of this mesh other
     * than the one named {@code attribute.name()}, in their order, followed by {@code attribute}.
     * So a new name is appended, and an existing name is replaced (and moves to the end). Every
     * other stream, the indices, submeshes, materials, skin, morph targets and bounds are this
     * mesh's own.
     *
     * <p>The kept data was validated when this mesh was built and is not checked again: the cost
     * is independent of the other streams' sizes, where
     * {@code toBuilder().addAttribute(attribute).build()} (which throws for a name already
     * present) checks every stream, index and draw once more. The attribute itself was validated
     * when it was made ({@link VertexAttribute#of}: its name, its component count, every value
     * finite); here it must cover this mesh's vertices.
     *
     * <p>Allocates the new mesh and its attribute list; shares every array with this mesh (both
     * are immutable). Thread-safe.
     *
     * @param attribute the attribute, {@code componentCount*vertexCount} values
     * @return a mesh equal to this one except for the attributes as above
     * @throws ValidationException when the attribute covers a number of vertices other than
     *     {@link #vertexCount()}
     */
    public Mesh withAttribute(VertexAttribute attribute) {
        Objects.requireNonNull(attribute, "attribute");
        requireCovers("mesh " + Checks.quote(name), attribute, vertexCount);
        List<VertexAttribute> kept = new ArrayList<>(attributes.size() + 1);
        for (VertexAttribute a : attributes) {
            if (!a.name().equals(attribute.name())) {
                kept.add(a);
            }
        }
        kept.add(attribute);
        return new Mesh(this, kept);
    }

    /** Throws unless {@code a} covers {@code n} vertices, naming the mesh ({@code where}), the attribute and both counts. */
    private static void requireCovers(String where, VertexAttribute a, int n) {
        if (a.vertexCount() != n) {
            throw new ValidationException(where + ": vertex attribute " + Checks.quote(a.name()) + " covers "
                    + a.vertexCount() + " vertices, expected vertexCount " + n);
        }
    }

    /** @return whether indices need 32 bits (more than 65535 vertices) */
    public boolean requiresIndex32() {
        return vertexCount > 65535;
    }

    float[] rawPositions() {
        return positions;
    }

    float @Nullable [] rawNormals() {
        return normals;
    }

    float @Nullable [] rawTangents() {
        return tangents;
    }

    float @Nullable [] rawColors() {
        return colors;
    }

    float[] rawUvs(int channel) {
        return uvs[channel];
    }

    int[] rawIndices() {
        return indices;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Mesh)) {
            return false;
        }
        Mesh m = (Mesh) o;
        return name.equals(m.name) && Arrays.equals(positions, m.positions) && Arrays.equals(normals, m.normals)
                && Arrays.equals(tangents, m.tangents) && Arrays.equals(colors, m.colors)
                && Arrays.deepEquals(uvs, m.uvs) && attributes.equals(m.attributes) && Arrays.equals(indices, m.indices)
                && submeshes.equals(m.submeshes)
                && materials.equals(m.materials) && Objects.equals(skin, m.skin) && morphTargets.equals(m.morphTargets)
                && Arrays.equals(morphWeights, m.morphWeights);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, vertexCount, Arrays.hashCode(positions), Arrays.hashCode(indices), submeshes,
                attributes.size());
    }

    @Override
    public String toString() {
        return "Mesh[" + Checks.quote(name) + ", " + vertexCount + " vertices, " + triangleCount() + " triangles, "
                + submeshes.size() + " submeshes" + (hasDraws() ? " (" + drawCount() + " draws)" : "")
                + (skin != null ? ", " + skin.paletteSize() + " bones" : "")
                + (morphTargets.isEmpty() ? "" : ", " + morphTargets.size() + " morph targets")
                + (attributes.isEmpty() ? "" : ", attributes " + attributeNames()) + "]";
    }

    private int drawCount() {
        int count = 0;
        for (Submesh s : submeshes) {
            count += s.draws().size();
        }
        return count;
    }

    private List<String> attributeNames() {
        List<String> names = new ArrayList<>(attributes.size());
        for (VertexAttribute a : attributes) {
            names.add(Checks.quote(a.name()));
        }
        return names;
    }

    /**
     * Builds a {@link Mesh}. Setters copy their arrays (so later changes to the caller's arrays do
     * not reach the mesh); {@link #build()} validates everything and is repeatable.
     */
    public static final class Builder {
        private final String name;
        private final boolean copy;
        private float @Nullable [] positions;
        private float @Nullable [] normals;
        private float @Nullable [] tangents;
        private float @Nullable [] colors;
        private final List<float[]> uvs = new ArrayList<>();
        private final List<VertexAttribute> attributes = new ArrayList<>();
        private int @Nullable [] indices;
        private final List<Submesh> submeshes = new ArrayList<>();
        private final List<Material> materials = new ArrayList<>();
        private @Nullable Skin skin;
        private final List<MorphTarget> morphTargets = new ArrayList<>();
        private float @Nullable [] morphWeights;
        private boolean trusted;
        private @Nullable Bounds bounds;

        Builder(String name, boolean copy) {
            this.name = Objects.requireNonNull(name, "name");
            this.copy = copy;
        }

        private float @Nullable [] take(float @Nullable [] a) {
            return a == null ? null : copy ? a.clone() : a;
        }

        /**
         * @param xyz {@code 3*vertexCount} floats; defines the vertex count
         * @return this builder
         */
        public Builder positions(float[] xyz) {
            this.positions = take(Objects.requireNonNull(xyz, "positions"));
            return this;
        }

        /**
         * @param xyz {@code 3*vertexCount} floats, or {@code null} to remove
         * @return this builder
         */
        public Builder normals(float @Nullable [] xyz) {
            this.normals = take(xyz);
            return this;
        }

        /**
         * @param xyzw {@code 4*vertexCount} floats (w = +1 or -1, bitangent sign), or {@code null}
         * @return this builder
         */
        public Builder tangents(float @Nullable [] xyzw) {
            this.tangents = take(xyzw);
            return this;
        }

        /**
         * @param rgba {@code 4*vertexCount} floats, or {@code null}
         * @return this builder
         */
        public Builder colors(float @Nullable [] rgba) {
            this.colors = take(rgba);
            return this;
        }

        /**
         * Appends a UV channel (channel index = number of channels added before).
         *
         * @param uv {@code 2*vertexCount} floats
         * @return this builder
         */
        public Builder addUvs(float[] uv) {
            this.uvs.add(take(Objects.requireNonNull(uv, "uv")));
            return this;
        }

        /**
         * Removes every UV channel.
         *
         * @return this builder
         */
        public Builder clearUvs() {
            this.uvs.clear();
            return this;
        }

        /**
         * Appends an extra vertex attribute (kept in insertion order).
         *
         * @param attribute the attribute, {@code componentCount*vertexCount} values
         * @return this builder
         * @throws ValidationException when the builder already holds an attribute of that name
         */
        public Builder addAttribute(VertexAttribute attribute) {
            Objects.requireNonNull(attribute, "attribute");
            for (VertexAttribute a : attributes) {
                if (a.name().equals(attribute.name())) {
                    throw new ValidationException("mesh " + Checks.quote(name) + ": vertex attribute "
                            + Checks.quote(attribute.name()) + " is already present, expected unique names");
                }
            }
            attributes.add(attribute);
            return this;
        }

        /**
         * Appends an extra vertex attribute made from a copy of {@code values}, as
         * {@link VertexAttribute#of} does.
         *
         * @param attributeName the name: non-empty, no whitespace, control characters or unpaired
         *     surrogates, not yet used in this builder
         * @param componentCount components per vertex, 1..{@value VertexAttribute#MAX_COMPONENTS}
         * @param values {@code componentCount*vertexCount} finite floats
         * @return this builder
         * @throws ValidationException as {@link VertexAttribute#of} and {@link #addAttribute(VertexAttribute)}
         */
        public Builder addAttribute(String attributeName, int componentCount, float[] values) {
            Objects.requireNonNull(values, "values");
            return addAttribute(copy ? VertexAttribute.of(attributeName, componentCount, values)
                    : VertexAttribute.adopt(attributeName, componentCount, values));
        }

        /**
         * Removes every extra vertex attribute.
         *
         * @return this builder
         */
        public Builder clearAttributes() {
            attributes.clear();
            return this;
        }

        /**
         * @param triangles triangle-list indices
         * @return this builder
         */
        public Builder indices(int[] triangles) {
            Objects.requireNonNull(triangles, "indices");
            this.indices = copy ? triangles.clone() : triangles;
            return this;
        }

        /**
         * Appends a submesh.
         *
         * @param firstIndex first index (multiple of 3)
         * @param indexCount index count (multiple of 3)
         * @param materialIndex index into the materials
         * @return this builder
         */
        public Builder addSubmesh(int firstIndex, int indexCount, int materialIndex) {
            submeshes.add(new Submesh(firstIndex, indexCount, materialIndex));
            return this;
        }

        /**
         * Appends a submesh, which may carry draws (checked when the mesh is built).
         *
         * @param submesh the submesh
         * @return this builder
         */
        public Builder addSubmesh(Submesh submesh) {
            submeshes.add(Objects.requireNonNull(submesh, "submesh"));
            return this;
        }

        /**
         * Removes every submesh.
         *
         * @return this builder
         */
        public Builder clearSubmeshes() {
            submeshes.clear();
            return this;
        }

        /**
         * Appends a material.
         *
         * @param material the material
         * @return this builder
         */
        public Builder addMaterial(Material material) {
            materials.add(Objects.requireNonNull(material, "material"));
            return this;
        }

        /**
         * Removes every material.
         *
         * @return this builder
         */
        public Builder clearMaterials() {
            materials.clear();
            return this;
        }

        /**
         * @param value the skin, or {@code null} for a rigid mesh
         * @return this builder
         */
        public Builder skin(@Nullable Skin value) {
            this.skin = value;
            return this;
        }

        /**
         * Appends a morph target. When default weights are set and match the targets added so
         * far (as in a builder from {@link Mesh#toBuilder()}), the new target's default weight is 0.
         *
         * @param target the target
         * @return this builder
         */
        public Builder addMorphTarget(MorphTarget target) {
            Objects.requireNonNull(target, "target");
            if (morphWeights != null && morphWeights.length == morphTargets.size()) {
                morphWeights = Arrays.copyOf(morphWeights, morphWeights.length + 1); // never grows a shared array
            }
            morphTargets.add(target);
            return this;
        }

        /**
         * Removes every morph target and the default weights.
         *
         * @return this builder
         */
        public Builder clearMorphTargets() {
            morphTargets.clear();
            morphWeights = null;
            return this;
        }

        /**
         * @param weights default weight per morph target, or {@code null} for all zero
         * @return this builder
         */
        public Builder morphWeights(float @Nullable [] weights) {
            this.morphWeights = take(weights);
            return this;
        }

        /** Presets the bounds of a trusted build (see {@link Mesh#trustedBuilder}). */
        void presetBounds(Bounds value) {
            assert trusted : "bounds are preset only on the trusted path";
            this.bounds = value;
        }

        /**
         * @return the mesh
         * @throws ValidationException naming the first inconsistent element
         */
        public Mesh build() {
            return new Mesh(this);
        }
    }
}
