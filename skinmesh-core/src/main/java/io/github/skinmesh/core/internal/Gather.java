package io.github.skinmesh.core.internal;

/**
 * Gathers the elements of a per-vertex stream through a new-to-old vertex map:
 * {@code dst[i*stride + c] = src[newToOld[i]*stride + c]}: the copy behind vertex selection and
 * behind every operation that keeps, reorders or duplicates vertices (welding's compaction).
 * One loop per common stride keeps the inner copy free of a component loop; the caller has
 * checked every map entry and the output length. Allocates the output array only. Not API.
 */
public final class Gather {
    private Gather() {
    }

    /**
     * @param src the stream, {@code stride*oldVertexCount} floats
     * @param stride floats per vertex, {@code >= 1}
     * @param newToOld old vertex of each new vertex (checked)
     * @return a fresh {@code stride*newToOld.length} floats
     */
    public static float[] floats(float[] src, int stride, int[] newToOld) {
        int n = newToOld.length;
        float[] dst = new float[n * stride];
        switch (stride) {
            case 1:
                for (int i = 0; i < n; i++) {
                    dst[i] = src[newToOld[i]];
                }
                break;
            case 2:
                for (int i = 0, d = 0; i < n; i++, d += 2) {
                    int s = 2 * newToOld[i];
                    dst[d] = src[s];
                    dst[d + 1] = src[s + 1];
                }
                break;
            case 3:
                for (int i = 0, d = 0; i < n; i++, d += 3) {
                    int s = 3 * newToOld[i];
                    dst[d] = src[s];
                    dst[d + 1] = src[s + 1];
                    dst[d + 2] = src[s + 2];
                }
                break;
            case 4:
                for (int i = 0, d = 0; i < n; i++, d += 4) {
                    int s = 4 * newToOld[i];
                    dst[d] = src[s];
                    dst[d + 1] = src[s + 1];
                    dst[d + 2] = src[s + 2];
                    dst[d + 3] = src[s + 3];
                }
                break;
            default:
                for (int i = 0, d = 0; i < n; i++, d += stride) {
                    System.arraycopy(src, newToOld[i] * stride, dst, d, stride);
                }
                break;
        }
        return dst;
    }

    /**
     * @param src the stream, {@code stride*oldVertexCount} ints
     * @param stride ints per vertex, {@code >= 1}
     * @param newToOld old vertex of each new vertex (checked)
     * @return a fresh {@code stride*newToOld.length} ints
     */
    public static int[] ints(int[] src, int stride, int[] newToOld) {
        int n = newToOld.length;
        int[] dst = new int[n * stride];
        if (stride == 4) {
            for (int i = 0, d = 0; i < n; i++, d += 4) {
                int s = 4 * newToOld[i];
                dst[d] = src[s];
                dst[d + 1] = src[s + 1];
                dst[d + 2] = src[s + 2];
                dst[d + 3] = src[s + 3];
            }
        } else {
            for (int i = 0, d = 0; i < n; i++, d += stride) {
                System.arraycopy(src, newToOld[i] * stride, dst, d, stride);
            }
        }
        return dst;
    }
}
