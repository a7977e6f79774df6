package io.github.skinmesh.core.model;

/**
 * An axis-aligned bounding box. The {@link #EMPTY} box has {@code min > max} and is the identity
 * of {@link #union(Bounds)}.
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
     * Computes the bounds of {@code count} points stored as {@code xyz} triples.
     *
     * @param xyz coordinates, {@code 3*count} floats from {@code offset}
     * @param offset first float read
     * @param count number of points
     * @return the bounds, {@link #EMPTY} when {@code count == 0}
     */
    public static Bounds of(float[] xyz, int offset, int count) {
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
