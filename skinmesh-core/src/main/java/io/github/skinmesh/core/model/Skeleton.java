package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.Arrays;
import java.util.Objects;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * A bone hierarchy with rest local transforms.
 *
 * <p>Bones are stored parents first: {@code parent(i) < i} for every bone that has a parent, so
 * one forward pass computes model matrices. Names are unique and are how meshes (through their
 * {@link Skin} palette) and clips refer to bones. Rest transforms are translation, unit rotation
 * quaternion {@code (x, y, z, w)} and scale; the local matrix is {@code T * R * S} (glTF).
 *
 * <p>Immutable and thread-safe. The factories copy the caller's arrays once; no method returns
 * an internal array.
 */
public final class Skeleton {
    /** Parent index of a root bone. */
    public static final int NO_PARENT = -1;
    /** Largest number of bones a skeleton may hold. */
    public static final int MAX_BONES = 65536;
    /** Rotations whose length differs from 1 by more than this are rejected; smaller drift is renormalized. */
    static final float UNIT_TOLERANCE = 1e-3f;

    private final String name;
    private final String[] names;
    private final int[] parents;
    private final float[] translations;
    private final float[] rotations;
    private final float[] scales;
    private final Object2IntOpenHashMap<String> indexByName;

    private Skeleton(String name, String[] names, int[] parents, float[] translations, float[] rotations,
            float[] scales) {
        this.name = Objects.requireNonNull(name, "name");
        String where = "skeleton " + Checks.quote(name);
        int n = names.length;
        if (n > MAX_BONES) {
            throw new ValidationException(where + ": " + n + " bones, expected at most " + MAX_BONES);
        }
        Checks.requireLength(where, "parents", parents.length, n, "boneCount");
        Checks.requireLength(where, "rest translations", translations.length, 3 * n, "3*boneCount");
        Checks.requireLength(where, "rest rotations", rotations.length, 4 * n, "4*boneCount");
        Checks.requireLength(where, "rest scales", scales.length, 3 * n, "3*boneCount");
        Object2IntOpenHashMap<String> index = new Object2IntOpenHashMap<>(n);
        index.defaultReturnValue(Index.NONE); // no such bone, as indexOf documents
        for (int i = 0; i < n; i++) {
            String bone = names[i];
            if (bone == null) {
                throw new ValidationException(where + ": bone " + i + " name is null, expected a name");
            }
            requireUnique(where, i, bone, index.putIfAbsent(bone, i));
            requireParent(where, i, bone, parents[i], n);
        }
        Checks.requireFinite(where, "rest translation", translations, 3, "bone");
        Checks.requireFinite(where, "rest rotation", rotations, 4, "bone");
        Checks.requireFinite(where, "rest scale", scales, 3, "bone");
        Quaternions.requireUnitAndNormalize(where, "bone", "rest rotation", rotations, UNIT_TOLERANCE);
        this.names = names;
        this.parents = parents;
        this.translations = translations;
        this.rotations = rotations;
        this.scales = scales;
        this.indexByName = index;
    }

    /** Fails when bone {@code i}'s name was already given to bone {@code previous} ({@code -1}: it was not). */
    private static void requireUnique(String where, int i, String bone, int previous) {
        if (previous >= 0) {
            throw new ValidationException(where + ": bone " + i + " name " + Checks.quote(bone) + " duplicates bone "
                    + previous + ", expected unique names");
        }
    }

    /**
     * Fails unless {@code parent} is {@link #NO_PARENT} or a bone before bone {@code i}; a parent
     * among the skeleton's later bones ({@code i <= parent < boneCount}) is also told why.
     */
    private static void requireParent(String where, int i, String bone, int parent, int boneCount) {
        if (parent != NO_PARENT && (parent < 0 || parent >= i)) {
            String allowed = i == 0 ? NO_PARENT + " (the first bone is a root)"
                    : NO_PARENT + " or a bone before it (0.." + (i - 1) + ")";
            throw new ValidationException(where + ": bone " + i + " " + Checks.quote(bone) + " has parent " + parent
                    + ", expected " + allowed + (parent >= i && parent < boneCount
                            ? "; parents must come before children and cycles are not allowed" : ""));
        }
    }

    /**
     * Creates a skeleton, copying every array.
     *
     * @param name the skeleton's name (may be empty)
     * @param boneNames unique bone names, length {@code boneCount}
     * @param parents parent index per bone, {@link #NO_PARENT} for roots, each parent before its child
     * @param restTranslations {@code 3*boneCount} floats
     * @param restRotations {@code 4*boneCount} floats, quaternions {@code (x, y, z, w)} of length 1
     *     within 1e-3 (they are renormalized)
     * @param restScales {@code 3*boneCount} floats
     * @return the skeleton
     * @throws ValidationException on more than {@value #MAX_BONES} bones, mismatched lengths, a null
     *     or duplicate name, a parent index that is not before its child (which also rules out
     *     cycles), non-finite values or a rotation that is not of unit length
     */
    public static Skeleton of(String name, String[] boneNames, int[] parents, float[] restTranslations,
            float[] restRotations, float[] restScales) {
        return new Skeleton(name, boneNames.clone(), parents.clone(), restTranslations.clone(),
                restRotations.clone(), restScales.clone());
    }

    static Skeleton adopt(String name, String[] boneNames, int[] parents, float[] restTranslations,
            float[] restRotations, float[] restScales) {
        return new Skeleton(name, boneNames, parents, restTranslations, restRotations, restScales);
    }

    /**
     * Returns a builder for incremental construction.
     *
     * @param name the skeleton's name
     * @return a new builder
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** @return the skeleton's name (may be empty) */
    public String name() {
        return name;
    }

    /** @return the number of bones */
    public int boneCount() {
        return names.length;
    }

    /**
     * @param bone bone index
     * @return the bone's name
     */
    public String boneName(int bone) {
        return names[bone];
    }

    /**
     * @param bone bone index
     * @return the parent's index, or {@link #NO_PARENT}
     */
    public int parent(int bone) {
        return parents[bone];
    }

    /**
     * Looks a bone up by name.
     *
     * @param boneName the name
     * @return its index, or {@link Index#NONE} when there is no such bone
     */
    public int indexOf(String boneName) {
        return indexByName.getInt(boneName);
    }

    /**
     * Looks a bone up by name and fails when it is missing.
     *
     * @param boneName the name
     * @return its index
     * @throws ValidationException naming the bone and this skeleton when it is missing
     */
    public int requireIndex(String boneName) {
        int i = indexByName.getInt(boneName);
        if (i < 0) {
            throw new ValidationException("bone " + Checks.quote(boneName) + " is not in skeleton " + Checks.quote(name));
        }
        return i;
    }

    /**
     * Copies the rest translation of a bone.
     *
     * @param bone bone index
     * @param dest receives the translation
     * @return {@code dest}
     */
    public Vector3f restTranslation(int bone, Vector3f dest) {
        return dest.set(translations[3 * bone], translations[3 * bone + 1], translations[3 * bone + 2]);
    }

    /**
     * Copies the rest rotation of a bone.
     *
     * @param bone bone index
     * @param dest receives the unit quaternion
     * @return {@code dest}
     */
    public Quaternionf restRotation(int bone, Quaternionf dest) {
        return dest.set(rotations[4 * bone], rotations[4 * bone + 1], rotations[4 * bone + 2], rotations[4 * bone + 3]);
    }

    /**
     * Copies the rest scale of a bone.
     *
     * @param bone bone index
     * @param dest receives the scale
     * @return {@code dest}
     */
    public Vector3f restScale(int bone, Vector3f dest) {
        return dest.set(scales[3 * bone], scales[3 * bone + 1], scales[3 * bone + 2]);
    }

    /**
     * Computes the rest local matrix {@code T * R * S} of a bone.
     *
     * @param bone bone index
     * @param dest receives the matrix
     * @return {@code dest}
     */
    public Matrix4f restLocalMatrix(int bone, Matrix4f dest) {
        return dest.translationRotateScale(translations[3 * bone], translations[3 * bone + 1], translations[3 * bone + 2],
                rotations[4 * bone], rotations[4 * bone + 1], rotations[4 * bone + 2], rotations[4 * bone + 3],
                scales[3 * bone], scales[3 * bone + 1], scales[3 * bone + 2]);
    }

    /**
     * Copies all parent indices into {@code dst} at {@code offset}.
     *
     * @param dst destination, length at least {@code offset + boneCount}
     * @param offset first element written
     * @return {@code dst}
     */
    public int[] parentsInto(int[] dst, int offset) {
        System.arraycopy(parents, 0, dst, offset, parents.length);
        return dst;
    }

    /**
     * Copies all rest translations ({@code 3*boneCount} floats).
     *
     * @param dst destination
     * @param offset first element written
     * @return {@code dst}
     */
    public float[] restTranslationsInto(float[] dst, int offset) {
        System.arraycopy(translations, 0, dst, offset, translations.length);
        return dst;
    }

    /**
     * Copies all rest rotations ({@code 4*boneCount} floats, {@code x, y, z, w}).
     *
     * @param dst destination
     * @param offset first element written
     * @return {@code dst}
     */
    public float[] restRotationsInto(float[] dst, int offset) {
        System.arraycopy(rotations, 0, dst, offset, rotations.length);
        return dst;
    }

    /**
     * Copies all rest scales ({@code 3*boneCount} floats).
     *
     * @param dst destination
     * @param offset first element written
     * @return {@code dst}
     */
    public float[] restScalesInto(float[] dst, int offset) {
        System.arraycopy(scales, 0, dst, offset, scales.length);
        return dst;
    }

    /**
     * Computes the rest-pose model matrices of every bone ({@code 16*boneCount} floats,
     * column-major, {@code model(i) = model(parent(i)) * local(i)}).
     *
     * @param dst destination, at least {@code offset + 16*boneCount} floats
     * @param offset first element written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when {@code offset} is negative or the matrices do not fit;
     *     nothing is written then
     */
    public float[] restModelMatricesInto(float[] dst, int offset) {
        Objects.checkFromIndexSize(offset, 16 * names.length, dst.length);
        Matrix4f local = new Matrix4f();
        Matrix4f parent = new Matrix4f();
        for (int i = 0; i < names.length; i++) {
            restLocalMatrix(i, local);
            int p = parents[i];
            if (p != NO_PARENT) {
                parent.set(dst, offset + 16 * p).mul(local, local);
            }
            local.get(dst, offset + 16 * i);
        }
        return dst;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Skeleton)) {
            return false;
        }
        Skeleton s = (Skeleton) o;
        return name.equals(s.name) && Arrays.equals(names, s.names) && Arrays.equals(parents, s.parents)
                && Arrays.equals(translations, s.translations) && Arrays.equals(rotations, s.rotations)
                && Arrays.equals(scales, s.scales);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * name.hashCode() + Arrays.hashCode(names)) + Arrays.hashCode(parents);
    }

    @Override
    public String toString() {
        return "Skeleton[" + Checks.quote(name) + ", " + names.length + " bones]";
    }

    // package-private raw access for the internal bridge
    int[] rawParents() {
        return parents;
    }

    float[] rawTranslations() {
        return translations;
    }

    float[] rawRotations() {
        return rotations;
    }

    float[] rawScales() {
        return scales;
    }

    /** Builds a {@link Skeleton} bone by bone; every call validates, {@link #build()} is repeatable. */
    public static final class Builder {
        private final String name;
        private final java.util.ArrayList<String> names = new java.util.ArrayList<>();
        private final it.unimi.dsi.fastutil.ints.IntArrayList parents = new it.unimi.dsi.fastutil.ints.IntArrayList();
        private final it.unimi.dsi.fastutil.floats.FloatArrayList t = new it.unimi.dsi.fastutil.floats.FloatArrayList();
        private final it.unimi.dsi.fastutil.floats.FloatArrayList r = new it.unimi.dsi.fastutil.floats.FloatArrayList();
        private final it.unimi.dsi.fastutil.floats.FloatArrayList s = new it.unimi.dsi.fastutil.floats.FloatArrayList();
        private final Object2IntOpenHashMap<String> index = new Object2IntOpenHashMap<>();

        Builder(String name) {
            this.name = Objects.requireNonNull(name, "name");
            index.defaultReturnValue(Index.NONE); // no such bone
        }

        /**
         * Adds a bone with the identity rest transform.
         *
         * @param boneName unique name
         * @param parent parent index ({@link #NO_PARENT} or an already added bone)
         * @return the new bone's index
         */
        public int addBone(String boneName, int parent) {
            return addBone(boneName, parent, new Vector3f(), new Quaternionf(), new Vector3f(1, 1, 1));
        }

        /**
         * Adds a bone.
         *
         * @param boneName unique name
         * @param parent parent index ({@link #NO_PARENT} or an already added bone)
         * @param translation rest translation
         * @param rotation rest rotation (unit within 1e-3; renormalized)
         * @param scale rest scale
         * @return the new bone's index
         * @throws ValidationException on a duplicate name or a parent that was not added yet
         */
        public int addBone(String boneName, int parent, org.joml.Vector3fc translation,
                org.joml.Quaternionfc rotation, org.joml.Vector3fc scale) {
            int i = names.size();
            String where = "skeleton " + Checks.quote(name);
            requireUnique(where, i, boneName, index.getInt(boneName));
            requireParent(where, i, boneName, parent, i); // the bones added so far
            index.put(boneName, i);
            names.add(boneName);
            parents.add(parent);
            t.add(translation.x());
            t.add(translation.y());
            t.add(translation.z());
            r.add(rotation.x());
            r.add(rotation.y());
            r.add(rotation.z());
            r.add(rotation.w());
            s.add(scale.x());
            s.add(scale.y());
            s.add(scale.z());
            return i;
        }

        /** @return the number of bones added so far */
        public int boneCount() {
            return names.size();
        }

        /**
         * @return a skeleton of the bones added so far
         * @throws ValidationException when a value is not finite or a rotation is not of unit length
         */
        public Skeleton build() {
            return new Skeleton(name, names.toArray(new String[0]), parents.toIntArray(), t.toFloatArray(),
                    r.toFloatArray(), s.toFloatArray());
        }
    }
}
