package io.github.skinmesh.testkit.humanoid;

/**
 * A surface sampled on a grid that is periodic around ({@code columns} points per row) and open
 * along ({@code rows} rows), optionally closed at either end by a pole row whose points all
 * coincide. {@link Tube} and {@link HairCap} fill the points; this class turns them into vertex
 * streams and triangles.
 *
 * <p>Vertices: a regular row emits {@code columns + 1} vertices (the last repeats the first at
 * {@code u} = the rectangle's right edge, a texture seam); a pole row emits {@code columns}
 * vertices, one per wedge, at the wedge's middle {@code u}. {@code v} follows the mean arc length
 * between rows, so texels keep their aspect along the surface.
 *
 * <p>Orientation: the front side is the one {@code d/du x d/dv} points to, where {@code u} runs
 * around (increasing column) and {@code v} along (increasing row); shapes lay their points out so
 * that this is the outside. Triangles are then counter-clockwise seen from the outside, normals are
 * {@code normalize(dP/du x dP/dv)} by central differences over the grid (pole normals point away
 * from the neighbouring row's centroid), and tangents point along {@code +u} of the UV rectangle
 * with {@code w} chosen so that {@code cross(normal, tangent) * w} points along {@code +v}.
 */
final class SurfaceGrid {
    final int columns;
    final int rows;
    final boolean startPole;
    final boolean endPole;
    /** {@code rows * columns} points, xyz; every point of a pole row is the pole. */
    final double[] points;
    /** Skeleton bones the surface may be weighted to. */
    final int[] bones;
    private double u0 = 0;
    private double u1 = 1;
    private double v0 = 0;
    private double v1 = 1;

    SurfaceGrid(int columns, int rows, boolean startPole, boolean endPole, int[] bones) {
        assert columns >= 3 && rows >= 2 && rows > (startPole ? 1 : 0) + (endPole ? 1 : 0);
        this.columns = columns;
        this.rows = rows;
        this.startPole = startPole;
        this.endPole = endPole;
        this.points = new double[3 * rows * columns];
        this.bones = bones;
    }

    /**
     * Places the surface's texture in a rectangle of UV space. {@code uFrom > uTo} mirrors the
     * texture (the tangents' {@code w} becomes -1), as mirrored parts share texels.
     */
    SurfaceGrid uvRect(double uFrom, double uTo, double vFrom, double vTo) {
        this.u0 = uFrom;
        this.u1 = uTo;
        this.v0 = vFrom;
        this.v1 = vTo;
        return this;
    }

    void setPoint(int row, int column, double x, double y, double z) {
        int i = 3 * (row * columns + column);
        points[i] = x;
        points[i + 1] = y;
        points[i + 2] = z;
    }

    private boolean isPole(int row) {
        return (startPole && row == 0) || (endPole && row == rows - 1);
    }

    private int rowVertices(int row) {
        return isPole(row) ? columns : columns + 1;
    }

    int vertexCount() {
        int n = 0;
        for (int r = 0; r < rows; r++) {
            n += rowVertices(r);
        }
        return n;
    }

    int indexCount() {
        int triangles = 0;
        for (int r = 0; r + 1 < rows; r++) {
            triangles += isPole(r) || isPole(r + 1) ? columns : 2 * columns;
        }
        return 3 * triangles;
    }

    /**
     * Writes vertices from {@code vertexBase} and indices from {@code indexBase}.
     *
     * @param positions xyz per vertex
     * @param normals xyz per vertex
     * @param tangents xyzw per vertex
     * @param uvs uv per vertex
     * @param vertexBase first vertex written
     * @param indices triangle list
     * @param indexBase first index written
     */
    void write(float[] positions, float[] normals, float[] tangents, float[] uvs, int vertexBase, int[] indices,
            int indexBase) {
        int[] rowStart = new int[rows];
        int next = vertexBase;
        for (int r = 0; r < rows; r++) {
            rowStart[r] = next;
            next += rowVertices(r);
        }
        double[] rowV = rowParameters();
        double su = Math.signum(u1 - u0);
        double sv = Math.signum(v1 - v0);
        double[] n = new double[3];
        double[] du = new double[3];
        double[] dv = new double[3];
        double[] c = new double[3];
        for (int r = 0; r < rows; r++) {
            boolean pole = isPole(r);
            int adjacent = r == 0 ? 1 : rows - 2;
            if (pole) {
                // one normal for the whole pole row: its points coincide
                centroid(adjacent, c);
                diff(r, 0, c, n);
                normalize(n);
            }
            int rowCount = rowVertices(r);
            for (int s = 0; s < rowCount; s++) {
                int col = s % columns;
                int vtx = rowStart[r] + s;
                if (pole) {
                    // the wedge between columns s and s+1 of the neighbouring row
                    diff(adjacent, (s + 1) % columns, adjacent, s, du);
                    if (r == 0) {
                        diff(adjacent, s, r, s, dv);
                    } else {
                        diff(r, s, adjacent, s, dv);
                    }
                } else {
                    diff(r, (col + 1) % columns, r, (col + columns - 1) % columns, du);
                    diff(Math.min(r + 1, rows - 1), col, Math.max(r - 1, 0), col, dv);
                    cross(du, dv, n);
                    if (!normalize(n)) {
                        centroid(r, c);
                        diff(r, col, c, n);
                        normalize(n);
                    }
                }
                int p = 3 * (r * columns + col);
                positions[3 * vtx] = (float) points[p];
                positions[3 * vtx + 1] = (float) points[p + 1];
                positions[3 * vtx + 2] = (float) points[p + 2];
                normals[3 * vtx] = (float) n[0];
                normals[3 * vtx + 1] = (float) n[1];
                normals[3 * vtx + 2] = (float) n[2];

                // tangent: +u direction made orthogonal to the normal
                double tx = su * du[0];
                double ty = su * du[1];
                double tz = su * du[2];
                double d = tx * n[0] + ty * n[1] + tz * n[2];
                tx -= d * n[0];
                ty -= d * n[1];
                tz -= d * n[2];
                double len = Math.sqrt(tx * tx + ty * ty + tz * tz);
                tx /= len;
                ty /= len;
                tz /= len;
                // handedness: cross(n, t) against +v
                double bx = n[1] * tz - n[2] * ty;
                double by = n[2] * tx - n[0] * tz;
                double bz = n[0] * ty - n[1] * tx;
                double w = sv * (bx * dv[0] + by * dv[1] + bz * dv[2]) >= 0 ? 1 : -1;
                tangents[4 * vtx] = (float) tx;
                tangents[4 * vtx + 1] = (float) ty;
                tangents[4 * vtx + 2] = (float) tz;
                tangents[4 * vtx + 3] = (float) w;

                double u = pole ? (s + 0.5) / columns : (double) s / columns;
                uvs[2 * vtx] = (float) (u0 + (u1 - u0) * u);
                uvs[2 * vtx + 1] = (float) (v0 + (v1 - v0) * rowV[r]);
            }
        }

        int i = indexBase;
        for (int r = 0; r + 1 < rows; r++) {
            int a0 = rowStart[r];
            int b0 = rowStart[r + 1];
            for (int s = 0; s < columns; s++) {
                if (isPole(r)) {
                    i = triangle(indices, i, a0 + s, b0 + s + 1, b0 + s);
                } else if (isPole(r + 1)) {
                    i = triangle(indices, i, a0 + s, a0 + s + 1, b0 + s);
                } else {
                    i = triangle(indices, i, a0 + s, a0 + s + 1, b0 + s + 1);
                    i = triangle(indices, i, a0 + s, b0 + s + 1, b0 + s);
                }
            }
        }
        assert i == indexBase + indexCount();
    }

    /** Per row, the normalized cumulative mean distance to the previous row: 0 at the first row, 1 at the last. */
    private double[] rowParameters() {
        double[] v = new double[rows];
        for (int r = 1; r < rows; r++) {
            double sum = 0;
            for (int s = 0; s < columns; s++) {
                int a = 3 * (r * columns + s);
                int b = 3 * ((r - 1) * columns + s);
                double dx = points[a] - points[b];
                double dy = points[a + 1] - points[b + 1];
                double dz = points[a + 2] - points[b + 2];
                sum += Math.sqrt(dx * dx + dy * dy + dz * dz);
            }
            v[r] = v[r - 1] + sum / columns;
        }
        double total = v[rows - 1];
        for (int r = 1; r < rows; r++) {
            v[r] /= total;
        }
        v[rows - 1] = 1;
        return v;
    }

    private static int triangle(int[] indices, int i, int a, int b, int c) {
        indices[i] = a;
        indices[i + 1] = b;
        indices[i + 2] = c;
        return i + 3;
    }

    private void centroid(int row, double[] dest) {
        dest[0] = 0;
        dest[1] = 0;
        dest[2] = 0;
        for (int s = 0; s < columns; s++) {
            int p = 3 * (row * columns + s);
            dest[0] += points[p];
            dest[1] += points[p + 1];
            dest[2] += points[p + 2];
        }
        dest[0] /= columns;
        dest[1] /= columns;
        dest[2] /= columns;
    }

    /** {@code dest = P(rowA, colA) - P(rowB, colB)}. */
    private void diff(int rowA, int colA, int rowB, int colB, double[] dest) {
        int a = 3 * (rowA * columns + colA);
        int b = 3 * (rowB * columns + colB);
        dest[0] = points[a] - points[b];
        dest[1] = points[a + 1] - points[b + 1];
        dest[2] = points[a + 2] - points[b + 2];
    }

    /** {@code dest = P(row, col) - point}. */
    private void diff(int row, int col, double[] point, double[] dest) {
        int a = 3 * (row * columns + col);
        dest[0] = points[a] - point[0];
        dest[1] = points[a + 1] - point[1];
        dest[2] = points[a + 2] - point[2];
    }

    private static void cross(double[] a, double[] b, double[] dest) {
        dest[0] = a[1] * b[2] - a[2] * b[1];
        dest[1] = a[2] * b[0] - a[0] * b[2];
        dest[2] = a[0] * b[1] - a[1] * b[0];
    }

    /** Normalizes in place; returns false (leaving the vector) when it is too short to have a direction. */
    private static boolean normalize(double[] v) {
        double len = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        if (!(len > 1e-12)) {
            return false;
        }
        v[0] /= len;
        v[1] /= len;
        v[2] /= len;
        return true;
    }
}
