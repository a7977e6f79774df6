package io.github.skinmesh.vat.crowd;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Objects;

/**
 * The batch box of a crowd and CPU frustum culling of its instances, over the per-instance world
 * boxes {@link Crowd#boundsInto} writes: 6 floats per box, {@code minX, minY, minZ, maxX, maxY, maxZ}.
 * A box whose minimum exceeds its maximum on an axis (as the empty box, {@code +inf} minima and
 * {@code -inf} maxima) is empty: it adds nothing to the batch box and is never visible.
 *
 * <p>A frustum is {@value #FRUSTUM_PLANES} planes, 4 floats each, {@code (a, b, c, d)}: a point is
 * inside a plane when {@code a x + b y + c z + d >= 0} and inside the frustum when it is inside all
 * six (planes need not be normalized; their order does not matter). A box is culled when it lies
 * wholly outside one plane, that is when even its corner farthest along the plane's normal
 * ({@code x = a >= 0 ? maxX : minX}, likewise {@code y}, {@code z}) has {@code a x + b y + c z + d < 0},
 * evaluated in double. This is exactly the per-corner test (no plane with all 8 corners outside),
 * which keeps, as every plane test does, a few boxes near the frustum's edges that touch no part
 * of it: culling never drops a box that intersects the frustum.
 *
 * <p>Stateless and thread-safe; nothing is allocated.
 */
public final class CrowdBounds {
    /** Planes of a view frustum. */
    public static final int FRUSTUM_PLANES = 6;

    private CrowdBounds() {
    }

    /**
     * Unites boxes into the batch's box: the smallest box holding every non-empty one, or the empty
     * box ({@code +inf} minima, {@code -inf} maxima) when there is none.
     *
     * @param boxes {@code >= boxOffset + 6 * boxCount} floats
     * @param boxOffset first float read, {@code >= 0}
     * @param boxCount number of boxes, {@code >= 0}
     * @param dst receives 6 floats from {@code dstOffset}
     * @param dstOffset first float written, {@code >= 0}
     * @return {@code dst}
     * @throws ValidationException when an offset or the count is negative, an array is too short or
     *     a box value is NaN
     */
    public static float[] unionInto(float[] boxes, int boxOffset, int boxCount, float[] dst, int dstOffset) {
        String where = "CrowdBounds.unionInto";
        checkBoxes(where, boxes, boxOffset, boxCount);
        Objects.requireNonNull(dst, "dst");
        if (dstOffset < 0) {
            throw new ValidationException(where + ": dstOffset=" + dstOffset + ", expected >= 0");
        }
        Checks.requireAtLeast(where, "dst", dst.length, dstOffset + 6L, "dstOffset+6");
        float minX = Float.POSITIVE_INFINITY;
        float minY = Float.POSITIVE_INFINITY;
        float minZ = Float.POSITIVE_INFINITY;
        float maxX = Float.NEGATIVE_INFINITY;
        float maxY = Float.NEGATIVE_INFINITY;
        float maxZ = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < boxCount; i++) {
            int o = boxOffset + 6 * i;
            if (isEmpty(boxes, o)) {
                continue;
            }
            minX = Math.min(minX, boxes[o]);
            minY = Math.min(minY, boxes[o + 1]);
            minZ = Math.min(minZ, boxes[o + 2]);
            maxX = Math.max(maxX, boxes[o + 3]);
            maxY = Math.max(maxY, boxes[o + 4]);
            maxZ = Math.max(maxZ, boxes[o + 5]);
        }
        dst[dstOffset] = minX;
        dst[dstOffset + 1] = minY;
        dst[dstOffset + 2] = minZ;
        dst[dstOffset + 3] = maxX;
        dst[dstOffset + 4] = maxY;
        dst[dstOffset + 5] = maxZ;
        return dst;
    }

    /**
     * Finds the boxes that intersect a view frustum (see the class documentation) and writes their
     * indices ({@code 0..boxCount-1}, ascending) into {@code dst}.
     *
     * @param boxes {@code >= boxOffset + 6 * boxCount} floats
     * @param boxOffset first float read, {@code >= 0}
     * @param boxCount number of boxes, {@code >= 0}
     * @param planes {@code >= planeOffset + 24} floats: six planes {@code (a, b, c, d)}, finite
     * @param planeOffset first float read, {@code >= 0}
     * @param dst receives up to {@code boxCount} indices from {@code dstOffset}; it must have room
     *     for {@code boxCount} of them
     * @param dstOffset first index written, {@code >= 0}
     * @return the number of visible boxes, the indices written
     * @throws ValidationException when an offset or the count is negative, an array is too short,
     *     a plane value is not finite or a box value is NaN
     */
    public static int cullInto(float[] boxes, int boxOffset, int boxCount, float[] planes, int planeOffset, int[] dst,
            int dstOffset) {
        String where = "CrowdBounds.cullInto";
        checkBoxes(where, boxes, boxOffset, boxCount);
        Objects.requireNonNull(planes, "planes");
        Objects.requireNonNull(dst, "dst");
        if (planeOffset < 0 || dstOffset < 0) {
            throw new ValidationException(where + ": planeOffset=" + planeOffset + ", dstOffset=" + dstOffset
                    + ", expected each >= 0");
        }
        Checks.requireAtLeast(where, "planes", planes.length, planeOffset + 4L * FRUSTUM_PLANES, "planeOffset+24");
        Checks.requireAtLeast(where, "dst", dst.length, (long) dstOffset + boxCount, "dstOffset+boxCount");
        for (int i = 0; i < 4 * FRUSTUM_PLANES; i++) {
            float v = planes[planeOffset + i];
            if (!Float.isFinite(v)) {
                throw new ValidationException(where + ": plane " + i / 4 + ": coefficient " + "abcd".charAt(i % 4)
                        + " is " + v + ", expected a finite value");
            }
        }
        int visible = 0;
        for (int i = 0; i < boxCount; i++) {
            int o = boxOffset + 6 * i;
            if (!isEmpty(boxes, o) && !outsideAnyPlane(boxes, o, planes, planeOffset)) {
                dst[dstOffset + visible++] = i;
            }
        }
        return visible;
    }

    private static boolean outsideAnyPlane(float[] boxes, int o, float[] planes, int p) {
        for (int k = 0; k < FRUSTUM_PLANES; k++) {
            int q = p + 4 * k;
            double a = planes[q];
            double b = planes[q + 1];
            double c = planes[q + 2];
            double x = a >= 0 ? boxes[o + 3] : boxes[o];
            double y = b >= 0 ? boxes[o + 4] : boxes[o + 1];
            double z = c >= 0 ? boxes[o + 5] : boxes[o + 2];
            if (a * x + b * y + c * z + planes[q + 3] < 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean isEmpty(float[] boxes, int o) {
        return !(boxes[o] <= boxes[o + 3] && boxes[o + 1] <= boxes[o + 4] && boxes[o + 2] <= boxes[o + 5]);
    }

    private static void checkBoxes(String where, float[] boxes, int boxOffset, int boxCount) {
        Objects.requireNonNull(boxes, "boxes");
        if (boxOffset < 0 || boxCount < 0) {
            throw new ValidationException(where + ": boxOffset=" + boxOffset + ", boxCount=" + boxCount
                    + ", expected each >= 0");
        }
        Checks.requireAtLeast(where, "boxes", boxes.length, boxOffset + 6L * boxCount, "boxOffset+6*boxCount");
        for (int i = 0; i < 6 * boxCount; i++) {
            if (Float.isNaN(boxes[boxOffset + i])) {
                throw new ValidationException(where + ": box " + i / 6 + ": value " + i % 6
                        + " is NaN, expected a number (or an infinity of an empty box)");
            }
        }
    }
}
