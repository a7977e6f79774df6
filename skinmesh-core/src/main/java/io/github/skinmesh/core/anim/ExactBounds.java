package io.github.skinmesh.core.anim;

/**
 * The exact method of {@link AnimatedBounds}: linear blend skinning of every position at one
 * sample, {@code p' = sum_k w_k skin(j_k) (p, 1)} with weights normalized to sum 1, and a running
 * box of the results. Vertices without influence keep their position ({@code rigid} is 1 for
 * them, 0 otherwise, so the loop has no branch).
 */
final class ExactBounds {
    private ExactBounds() {
    }

    /**
     * Grows {@code box} ({@code minX, minY, minZ, maxX, maxY, maxZ}) by the skinned positions.
     *
     * @param positions bind-space positions, {@code 3*vertexCount}
     * @param vertexCount number of vertices
     * @param influences {@code K}, slots per vertex
     * @param joints palette entry per slot, {@code vertexCount*K}, each {@code < paletteSize}
     * @param weights normalized weight per slot, {@code vertexCount*K}
     * @param rigid 1 for vertices without influence, else 0, {@code vertexCount}
     * @param skin skin matrices, 16 floats per palette entry
     * @param box the running box, 6 floats
     */
    static void accumulate(float[] positions, int vertexCount, int influences, int[] joints, float[] weights,
            float[] rigid, float[] skin, float[] box) {
        float minX = box[0], minY = box[1], minZ = box[2];
        float maxX = box[3], maxY = box[4], maxZ = box[5];
        for (int v = 0; v < vertexCount; v++) {
            float px = positions[3 * v];
            float py = positions[3 * v + 1];
            float pz = positions[3 * v + 2];
            float r = rigid[v];
            float x = r * px;
            float y = r * py;
            float z = r * pz;
            int base = v * influences;
            for (int k = 0; k < influences; k++) {
                float w = weights[base + k];
                int m = 16 * joints[base + k];
                x += w * (skin[m] * px + skin[m + 4] * py + skin[m + 8] * pz + skin[m + 12]);
                y += w * (skin[m + 1] * px + skin[m + 5] * py + skin[m + 9] * pz + skin[m + 13]);
                z += w * (skin[m + 2] * px + skin[m + 6] * py + skin[m + 10] * pz + skin[m + 14]);
            }
            minX = Math.min(minX, x);
            minY = Math.min(minY, y);
            minZ = Math.min(minZ, z);
            maxX = Math.max(maxX, x);
            maxY = Math.max(maxY, y);
            maxZ = Math.max(maxZ, z);
        }
        box[0] = minX;
        box[1] = minY;
        box[2] = minZ;
        box[3] = maxX;
        box[4] = maxY;
        box[5] = maxZ;
    }
}
