package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;

/**
 * An axis-aligned bounding box. The {@link #EMPTY} box has {@code min > max} and is the identity
 * of {@link #union(Bounds)}. No component may be NaN; infinities are allowed (the empty box uses
 * them).
 *
 * @param minX smallest x
 * @param minY smallest y
 * @param minZ smallest z
 * @param maxX largest x
 * @param maxY largest y
 * @param maxZ largest z
 */
public record Bounds(float minX, float minY, float minZ, float maxX, float maxY, float maxZ) {
    /** The empty box. */
    public static final Bounds EMPTY = new Bounds(Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY);

    /**
     * Validates the box.
     *
     * @param minX smallest x
     * @param minY smallest y
     * @param minZ smallest z
     * @param maxX largest x
     * @param maxY largest y
     * @param maxZ largest z
     * @throws ValidationException when a component is NaN
     */
    public Bounds {
        requireNumber("minX", minX);
        requireNumber("minY", minY);
        requireNumber("minZ", minZ);
        requireNumber("maxX", maxX);
        requireNumber("maxY", maxY);
        requireNumber("maxZ", maxZ);
    }

    private static void requireNumber(String component, float value) {
        if (Float.isNaN(value)) {
            throw new ValidationException("bounds: " + component + " is NaN, expected a number");
        }
    }

    /**
     * Computes the bounds of {@code count} points stored as {@code xyz} triples.
     *
     * @param xyz coordinates, {@code 3*count} floats from {@code offset}
     * @param offset first float read, {@code >= 0}
     * @param count number of points, {@code >= 0}
     * @return the bounds, {@link #EMPTY} when {@code count == 0}
     * @throws ValidationException when {@code count} is negative, the range
     *     {@code [offset, offset + 3*count)} does not lie within {@code xyz}, or a coordinate is NaN
     */
    public static Bounds of(float[] xyz, int offset, int count) {
        if (count < 0) {
            throw new ValidationException("Bounds.of: count=" + count + ", expected >= 0");
        }
        if (offset < 0 || (long) offset + 3L * count > xyz.length) {
            throw new ValidationException("Bounds.of: range offset " + offset + " + 3*count " + 3L * count
                    + ", expected within 0.." + xyz.length + " (xyz length)");
        }
        float x0 = Float.POSITIVE_INFINITY, y0 = Float.POSITIVE_INFINITY, z0 = Float.POSITIVE_INFINITY;
        float x1 = Float.NEGATIVE_INFINITY, y1 = Float.NEGATIVE_INFINITY, z1 = Float.NEGATIVE_INFINITY;
        int end = offset + 3 * count;
        for (int i = offset; i < end; i += 3) {
            float x = xyz[i], y = xyz[i + 1], z = xyz[i + 2];
            x0 = Math.min(x0, x);
            y0 = Math.min(y0, y);
            z0 = Math.min(z0, z);
            x1 = Math.max(x1, x);
            y1 = Math.max(y1, y);
            z1 = Math.max(z1, z);
        }
        if (Float.isNaN(x0) || Float.isNaN(y0) || Float.isNaN(z0)) {
            for (int i = offset; i < end; i++) {
                if (Float.isNaN(xyz[i])) {
                    throw new ValidationException("Bounds.of: point " + (i - offset) / 3 + " component "
                            + (i - offset) % 3 + " is NaN, expected a number");
                }
            }
        }
        return count == 0 ? EMPTY : new Bounds(x0, y0, z0, x1, y1, z1);
    }

    /** @return {@code true} for a box that contains no point */
    public boolean isEmpty() {
        return !(minX <= maxX && minY <= maxY && minZ <= maxZ);
    }

    /**
     * @param o another box
     * @return the smallest box containing both
     */
    public Bounds union(Bounds o) {
        if (o.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return o;
        }
        return new Bounds(Math.min(minX, o.minX), Math.min(minY, o.minY), Math.min(minZ, o.minZ),
                Math.max(maxX, o.maxX), Math.max(maxY, o.maxY), Math.max(maxZ, o.maxZ));
    }

    /**
     * @param x point x
     * @param y point y
     * @param z point z
     * @return whether the point lies inside or on the box
     */
    public boolean contains(float x, float y, float z) {
        return x >= minX && x <= maxX && y >= minY && y <= maxY && z >= minZ && z <= maxZ;
    }

    /**
     * @param o another box
     * @return whether {@code o} lies inside this box
     */
    public boolean contains(Bounds o) {
        return o.isEmpty() || (contains(o.minX, o.minY, o.minZ) && contains(o.maxX, o.maxY, o.maxZ));
    }

    /** @return the length of the diagonal, 0 for the empty box */
    public float diagonal() {
        if (isEmpty()) {
            return 0;
        }
        double dx = maxX - minX, dy = maxY - minY, dz = maxZ - minZ;
        return (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
