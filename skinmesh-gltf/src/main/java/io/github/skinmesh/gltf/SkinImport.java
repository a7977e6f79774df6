package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.gltf.internal.Accessors;
import io.github.skinmesh.gltf.internal.Json;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes the document's skins: each skin's joint nodes (1..{@value Skin#MAX_PALETTE_SIZE},
 * distinct) and inverse bind matrices (identity when absent, extra matrices ignored), and its
 * {@code skeleton} node (ignored with a warning when it is not an ancestor-or-self of every joint).
 */
final class SkinImport {
    private SkinImport() {
    }

    /**
     * The decoded skins. Immutable; the arrays it hands out are shared and must not be changed.
     */
    static final class Skins {
        private final int[][] joints;
        private final float[][] inverseBinds;
        private final int[] declaredRoots;

        Skins(int[][] joints, float[][] inverseBinds, int[] declaredRoots) {
            this.joints = joints;
            this.inverseBinds = inverseBinds;
            this.declaredRoots = declaredRoots;
        }

        /** @return the number of skins */
        int count() {
            return joints.length;
        }

        /**
         * @param skin skin index
         * @return its joint nodes, in palette order (shared, read-only)
         */
        int[] joints(int skin) {
            return joints[skin];
        }

        /**
         * @param skin skin index
         * @return its {@code 16*jointCount} inverse bind matrices (shared, read-only)
         */
        float[] inverseBinds(int skin) {
            return inverseBinds[skin];
        }

        /** @return per skin, its joint nodes (shared, read-only) */
        int[][] jointTable() {
            return joints;
        }

        /**
         * @return per skin, its {@code skeleton} node when the file gives one that contains every
         *     joint, else {@link Index#NONE} (shared, read-only)
         */
        int[] declaredRoots() {
            return declaredRoots;
        }
    }

    /**
     * Decodes every skin of the document, used or not.
     *
     * @param doc the document
     * @param warnings receives what is tolerated
     * @return the skins
     * @throws FormatException on missing, empty, oversized or repeated joints, a bad index, or
     *     too few inverse bind matrices
     */
    static Skins read(GltfDocument doc, List<String> warnings) {
        int skinCount = Json.count(doc.root(), "skins");
        JsonNode list = Json.array(doc.root(), "skins", "glTF");
        int[][] skinJoints = new int[skinCount][];
        float[][] skinIbms = new float[skinCount][];
        int[] declaredRoots = new int[skinCount];
        int n = doc.nodeCount();
        Accessors accessors = doc.accessors();
        for (int s = 0; s < skinCount; s++) {
            String where = "skins[" + s + "]";
            JsonNode skin = Json.element(list, s, where);
            JsonNode joints = Json.array(skin, "joints", where);
            if (joints == null || joints.isEmpty()) {
                throw new FormatException(where + ".joints is " + (joints == null ? "missing" : "empty")
                        + ", expected 1.." + Skin.MAX_PALETTE_SIZE + " node indices");
            }
            if (joints.size() > Skin.MAX_PALETTE_SIZE) {
                throw new FormatException(where + ".joints has " + joints.size() + " entries, expected at most "
                        + Skin.MAX_PALETTE_SIZE);
            }
            int[] j = new int[joints.size()];
            Map<Integer, Integer> seen = new HashMap<>();
            for (int k = 0; k < j.length; k++) {
                j[k] = Json.indexValue(joints.get(k), where + ".joints[" + k + "]", "nodes", n);
                Integer prev = seen.put(j[k], k);
                if (prev != null) {
                    throw new FormatException(where + ".joints[" + k + "] is node " + j[k] + ", already joints[" + prev
                            + "]; expected each node once");
                }
            }
            skinJoints[s] = j;
            int skeletonRoot = Json.index(skin, "skeleton", where, "nodes", n);
            declaredRoots[s] = skeletonRoot;
            if (skeletonRoot != Index.NONE) {
                for (int joint : j) {
                    if (!doc.graph().contains(skeletonRoot, joint)) {
                        warnings.add(where + ".skeleton nodes[" + skeletonRoot + "] is not an ancestor of joint nodes["
                                + joint + "]; expected the common root of the joints; ignored");
                        declaredRoots[s] = Index.NONE;
                        break;
                    }
                }
            }
            int ibm = Json.index(skin, "inverseBindMatrices", where, "accessors", accessors.count());
            if (ibm == Index.NONE) {
                float[] id = new float[16 * j.length];
                doc.budget().charge(where, 4L * id.length);
                for (int k = 0; k < j.length; k++) {
                    id[16 * k] = id[16 * k + 5] = id[16 * k + 10] = id[16 * k + 15] = 1;
                }
                skinIbms[s] = id;
            } else {
                float[] m = accessors.floats(ibm, where + ".inverseBindMatrices", Accessors.F32, "MAT4");
                if (m.length < 16 * j.length) {
                    throw new FormatException(where + ".inverseBindMatrices (accessors[" + ibm + "]): count "
                            + m.length / 16 + ", expected at least the joint count " + j.length);
                }
                skinIbms[s] = m.length == 16 * j.length ? m : Arrays.copyOf(m, 16 * j.length);
            }
        }
        return new Skins(skinJoints, skinIbms, declaredRoots);
    }
}
