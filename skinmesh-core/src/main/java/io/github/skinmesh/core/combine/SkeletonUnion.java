package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Skeleton;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4d;

/**
 * The union of the inputs' skeletons by bone name: the first skeleton's bones in its order, then
 * each later skeleton's new bones in that skeleton's order (so parents still come before
 * children, as a new bone's parent is either already in the union or an earlier new bone of the
 * same skeleton). A bone's rest transform is the first skeleton's that has it. Two skeletons that
 * give a bone different parents (a root counting as a parent of its own) are an error naming both
 * parts, the bone and both parents; different rest transforms are a warning naming the values.
 * A part is posed on the union's rest transforms with its own bind matrices: where its skeleton
 * placed or turned a bone otherwise (other proportions, another rest pose), it follows the kept
 * bone. With {@link RemapOptions.Units#CONVERT}, where the bone's frame has another scale there,
 * uniformly (another unit: an armature exported at 0.01 above bones in centimetres),
 * {@link Layout} scales the part's bind matrices on it by the ratio ({@link RestScale}) and warns
 * once per part; here a bone the part brings (new to the union) under such a parent gets its rest
 * translation scaled by the parent's ratio, so that the part keeps its size and its own bones
 * their places, and a bone whose rest differs by the unit alone (the same frame, the same origin)
 * is not warned about.
 *
 * <p>Work: one hash lookup per bone of each distinct skeleton (skeletons are deduplicated by
 * identity); with units converted, each later skeleton's rest model matrices and one per bone of
 * the union, in double precision; allocates the union's arrays.
 */
final class SkeletonUnion {
    /** Rest transforms differing by more than this (absolute) are warned about. */
    static final float REST_TOLERANCE = 1e-5f;

    private SkeletonUnion() {
    }

    /**
     * @param skeletons per input its skeleton
     * @param partNames per input its part's name, for messages
     * @param warnings receives a note per bone whose rest transform differs
     * @return the union, named as the first skeleton; the first skeleton itself when every other
     *     skeleton is one of its subsets with equal parents
     */
    static Skeleton of(List<Skeleton> skeletons, List<String> partNames, RemapOptions.Units units,
            List<String> warnings) {
        Skeleton first = skeletons.get(0);
        boolean one = true;
        for (int i = 1; i < skeletons.size() && one; i++) {
            one = skeletons.get(i) == first;
        }
        if (one) {
            return first; // every part on one skeleton object: its own union, nothing to disagree on
        }
        ModelAccess.Bridge raw = ModelAccess.get();
        int capacity = 0;
        Map<Skeleton, Boolean> distinct = new IdentityHashMap<>();
        for (Skeleton s : skeletons) {
            if (distinct.put(s, Boolean.TRUE) == null) {
                capacity += s.boneCount();
            }
        }
        String[] names = new String[capacity];
        int[] parents = new int[capacity];
        float[] t = new float[3 * capacity];
        float[] r = new float[4 * capacity];
        float[] sc = new float[3 * capacity];
        int[] owner = new int[capacity];
        // per union bone its rest model matrix, made as bones are added (parents first)
        Matrix4d[] models = new Matrix4d[capacity];
        // the first skeleton's largest distance of a bone from the origin, once needed
        double extent = -1;
        Object2IntOpenHashMap<String> index = new Object2IntOpenHashMap<>(capacity);
        index.defaultReturnValue(-1);
        int size = 0;
        Map<Skeleton, Boolean> done = new IdentityHashMap<>();
        for (int i = 0; i < skeletons.size(); i++) {
            Skeleton s = skeletons.get(i);
            if (done.put(s, Boolean.TRUE) != null) {
                continue;
            }
            float[] st = raw.restTranslations(s);
            float[] sr = raw.restRotations(s);
            float[] ss = raw.restScales(s);
            Matrix4d[] own = i == 0 || units != RemapOptions.Units.CONVERT ? null : RestScale.models(s);
            for (int b = 0; b < s.boneCount(); b++) {
                String bone = s.boneName(b);
                int parent = s.parent(b);
                String parentName = parent == Skeleton.NO_PARENT ? null : s.boneName(parent);
                int u = index.getInt(bone);
                if (u < 0) {
                    u = size++;
                    index.put(bone, u);
                    names[u] = bone;
                    parents[u] = parentName == null ? Skeleton.NO_PARENT : index.getInt(parentName);
                    System.arraycopy(st, 3 * b, t, 3 * u, 3);
                    System.arraycopy(sr, 4 * b, r, 4 * u, 4);
                    System.arraycopy(ss, 3 * b, sc, 3 * u, 3);
                    owner[u] = i;
                    if (own != null && parents[u] != Skeleton.NO_PARENT) {
                        // a bone this part brings: its offset in the parent's frame, converted to the kept frame's unit
                        double ratio = RestScale.ratio(models[parents[u]], own[parent]);
                        if (!Double.isNaN(ratio) && ratio != 1) {
                            for (int c = 0; c < 3; c++) {
                                t[3 * u + c] = (float) (t[3 * u + c] * ratio);
                            }
                        }
                    }
                    models[u] = RestScale.model(parents[u] == Skeleton.NO_PARENT ? null : models[parents[u]], t, r, sc, u);
                    continue;
                }
                int unionParent = parents[u];
                String unionParentName = unionParent == Skeleton.NO_PARENT ? null : names[unionParent];
                if (!java.util.Objects.equals(parentName, unionParentName)) {
                    throw new ValidationException("combine: part " + Checks.quote(partNames.get(owner[u])) + " (input "
                            + owner[u] + ") and part " + Checks.quote(partNames.get(i)) + " (input " + i
                            + ") disagree on the parent of bone " + Checks.quote(bone) + ": " + describe(unionParentName)
                            + " in skeleton " + Checks.quote(skeletons.get(owner[u]).name()) + ", " + describe(parentName)
                            + " in skeleton " + Checks.quote(s.name()) + "; expected one hierarchy");
                }
                boolean differs = !near(t, 3 * u, st, 3 * b, 3) || !near(r, 4 * u, sr, 4 * b, 4)
                        || !near(sc, 3 * u, ss, 3 * b, 3);
                double ratio = 1;
                if (differs && own != null) {
                    // the same bone in another unit is no difference: Layout converts the part's matrices
                    if (extent < 0) {
                        extent = RestScale.size(Arrays.copyOf(models, first.boneCount()));
                    }
                    ratio = RestScale.ratio(models[u], own[b]);
                    differs = !RestScale.explains(models[u], own[b], ratio, extent);
                }
                if (differs) {
                    StringBuilder diff = new StringBuilder();
                    differs(diff, "translation", st, 3 * b, t, 3 * u, 3);
                    differs(diff, "rotation", sr, 4 * b, r, 4 * u, 4);
                    differs(diff, "scale", ss, 3 * b, sc, 3 * u, 3);
                    warnings.add("skeleton " + Checks.quote(s.name()) + " of part " + Checks.quote(partNames.get(i))
                            + " gives bone " + Checks.quote(bone) + " another rest transform than skeleton "
                            + Checks.quote(skeletons.get(owner[u]).name()) + " of part "
                            + Checks.quote(partNames.get(owner[u])) + " (" + diff + "); the first is kept, and part "
                            + Checks.quote(partNames.get(i)) + " is posed on it " + (Double.isNaN(ratio) || ratio == 1
                                    ? "as it is bound (its bind matrices are not corrected for the difference)"
                                    : "with its bind matrices converted to the kept unit (see the part's note) but not"
                                    + " corrected for the rest of the difference")
                            + ", so it moves with the bone's descendants as far as the two transforms differ");
                }
            }
        }
        if (size == first.boneCount()) {
            return first;
        }
        return raw.adoptSkeleton(first.name(), Arrays.copyOf(names, size), Arrays.copyOf(parents, size),
                Arrays.copyOf(t, 3 * size), Arrays.copyOf(r, 4 * size), Arrays.copyOf(sc, 3 * size));
    }

    private static String describe(String parent) {
        return parent == null ? "no parent (a root)" : "parent " + Checks.quote(parent);
    }

    /** Appends {@code "name (a) against (b)"} when the two differ by more than {@link #REST_TOLERANCE}. */
    private static void differs(StringBuilder sb, String name, float[] a, int ao, float[] b, int bo, int count) {
        if (near(a, ao, b, bo, count)) {
            return;
        }
        sb.append(sb.length() == 0 ? "" : ", ").append(name).append(' ');
        tuple(sb, a, ao, count);
        sb.append(" against ");
        tuple(sb, b, bo, count);
    }

    private static void tuple(StringBuilder sb, float[] v, int o, int count) {
        sb.append('(');
        for (int i = 0; i < count; i++) {
            sb.append(i == 0 ? "" : ", ").append(v[o + i]);
        }
        sb.append(')');
    }

    private static boolean near(float[] a, int ao, float[] b, int bo, int count) {
        for (int i = 0; i < count; i++) {
            if (!(Math.abs(a[ao + i] - b[bo + i]) <= REST_TOLERANCE)) {
                return false;
            }
        }
        return true;
    }

    /** Per bone name of {@code names}, its index in {@code skeleton} or -1. */
    static int[] lookup(Skeleton skeleton, String[] names) {
        int[] out = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            out[i] = names[i] == null ? -1 : skeleton.indexOf(names[i]);
        }
        return out;
    }
}
