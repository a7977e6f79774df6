package io.github.skinmesh.testkit.humanoid;

import java.util.ArrayList;
import java.util.List;

/**
 * A closed, capsule-like surface swept along a path: limbs, fingers, trunk, head, shoes.
 *
 * <p>Control rings give a center on the path, two half extents ({@code r1} along the frame axis
 * {@code e1}, {@code r2} along {@code e2}) and an offset of the section along {@code e1} (a chin
 * in front of the neck axis, say). Between control rings, centers and extents follow a uniform
 * Catmull-Rom spline (end tangents by reflection), sampled {@code spans} times per segment. Each
 * sample's frame is the spline tangent {@code t}, {@code e1} = the reference direction made
 * orthogonal to {@code t}, and {@code e2 = t x e1}, so {@code e1 x e2 = t} and the sections run
 * counter-clockwise around {@code t}: with {@link SurfaceGrid}'s rule the outside is the front.
 *
 * <p>Sections are superellipses {@code |x/r1|^p + |y/r2|^p = 1} ({@code p = 2} an ellipse, larger
 * is boxier). Both ends are closed by elliptic domes of {@code capRings} rings and a pole, reaching
 * {@code startCap} and {@code endCap} beyond the end rings.
 */
final class Tube {
    /** Angle from {@code e1} (towards {@code e2}) of the texture seam: opposite {@code e1}. */
    private static final double SEAM = Math.PI;

    private final List<double[]> rings = new ArrayList<>();
    private double refX = 0;
    private double refY = 0;
    private double refZ = 1;
    private double squareness = 2;
    private double startCap;
    private double endCap;

    /** Adds a control ring with its section centered on the path. */
    Tube ring(double x, double y, double z, double r1, double r2) {
        return ring(x, y, z, r1, r2, 0);
    }

    /** Adds a control ring whose section is shifted by {@code offset1} along {@code e1}. */
    Tube ring(double x, double y, double z, double r1, double r2, double offset1) {
        assert r1 > 0 && r2 > 0;
        rings.add(new double[] {x, y, z, r1, r2, offset1});
        return this;
    }

    /** Direction that {@code e1} leans to; must not be parallel to the path. */
    Tube reference(double x, double y, double z) {
        refX = x;
        refY = y;
        refZ = z;
        return this;
    }

    /** Superellipse exponent, 2 for ellipses. */
    Tube squareness(double p) {
        squareness = p;
        return this;
    }

    /** Lengths of the end domes beyond the first and last ring. */
    Tube caps(double start, double end) {
        assert start > 0 && end > 0;
        startCap = start;
        endCap = end;
        return this;
    }

    /**
     * Samples the tube.
     *
     * @param columns points around, {@code >= 3}
     * @param spans samples per control segment, {@code >= 1}
     * @param capRings rings per dome besides the pole, {@code >= 1}
     * @param bones the skeleton bones the surface may be weighted to
     * @return the grid, with the default UV rectangle
     */
    SurfaceGrid build(int columns, int spans, int capRings, int[] bones) {
        int m = rings.size();
        assert m >= 2 && columns >= 3 && spans >= 1 && capRings >= 1 && startCap > 0;
        int body = (m - 1) * spans + 1;
        SurfaceGrid g = new SurfaceGrid(columns, body + 2 * capRings + 2, true, true, bones);
        double[] sample = new double[6];
        double[] tangent = new double[3];
        double[][] frames = new double[body][];
        for (int i = 0; i < body; i++) {
            int segment = Math.min(i / spans, m - 2);
            double t = (double) (i - segment * spans) / spans;
            evaluate(segment, t, sample, tangent);
            frames[i] = frame(sample, tangent);
        }
        // rows: pole, start dome, body, end dome, pole
        int row = 0;
        double[] first = frames[0];
        double[] last = frames[body - 1];
        emitPole(g, row++, first, -startCap);
        for (int q = 1; q <= capRings; q++) {
            double alpha = 0.5 * Math.PI * (1 - (double) q / (capRings + 1));
            emitRing(g, row++, first, -startCap * Math.sin(alpha), Math.cos(alpha));
        }
        for (int i = 0; i < body; i++) {
            emitRing(g, row++, frames[i], 0, 1);
        }
        for (int q = 1; q <= capRings; q++) {
            double alpha = 0.5 * Math.PI * q / (capRings + 1);
            emitRing(g, row++, last, endCap * Math.sin(alpha), Math.cos(alpha));
        }
        emitPole(g, row++, last, endCap);
        assert row == g.rows;
        return g;
    }

    /**
     * A sample's frame: {@code {cx, cy, cz, r1, r2, t.xyz, e1.xyz, e2.xyz}} with the section
     * center (offset applied) first.
     */
    private double[] frame(double[] sample, double[] t) {
        double d = refX * t[0] + refY * t[1] + refZ * t[2];
        double e1x = refX - d * t[0];
        double e1y = refY - d * t[1];
        double e1z = refZ - d * t[2];
        double len = Math.sqrt(e1x * e1x + e1y * e1y + e1z * e1z);
        assert len > 1e-6 : "reference direction parallel to the path";
        e1x /= len;
        e1y /= len;
        e1z /= len;
        double e2x = t[1] * e1z - t[2] * e1y;
        double e2y = t[2] * e1x - t[0] * e1z;
        double e2z = t[0] * e1y - t[1] * e1x;
        double o = sample[5];
        return new double[] {sample[0] + o * e1x, sample[1] + o * e1y, sample[2] + o * e1z, sample[3], sample[4],
            t[0], t[1], t[2], e1x, e1y, e1z, e2x, e2y, e2z};
    }

    private void emitRing(SurfaceGrid g, int row, double[] f, double along, double scale) {
        double cx = f[0] + along * f[5];
        double cy = f[1] + along * f[6];
        double cz = f[2] + along * f[7];
        double r1 = f[3] * scale;
        double r2 = f[4] * scale;
        double exponent = 2 / squareness;
        for (int s = 0; s < g.columns; s++) {
            double phi = SEAM + 2 * Math.PI * s / g.columns;
            double c = Math.cos(phi);
            double sn = Math.sin(phi);
            double a = r1 * Math.copySign(Math.pow(Math.abs(c), exponent), c);
            double b = r2 * Math.copySign(Math.pow(Math.abs(sn), exponent), sn);
            g.setPoint(row, s, cx + a * f[8] + b * f[11], cy + a * f[9] + b * f[12], cz + a * f[10] + b * f[13]);
        }
    }

    private static void emitPole(SurfaceGrid g, int row, double[] f, double along) {
        for (int s = 0; s < g.columns; s++) {
            g.setPoint(row, s, f[0] + along * f[5], f[1] + along * f[6], f[2] + along * f[7]);
        }
    }

    /** Catmull-Rom value of all six ring parameters and the unit tangent of the center curve. */
    private void evaluate(int segment, double t, double[] dest, double[] tangent) {
        int m = rings.size();
        double[] p1 = rings.get(segment);
        double[] p2 = rings.get(segment + 1);
        double[] p0 = segment > 0 ? rings.get(segment - 1) : reflect(p1, p2);
        double[] p3 = segment + 2 < m ? rings.get(segment + 2) : reflect(p2, p1);
        double t2 = t * t;
        double t3 = t2 * t;
        for (int k = 0; k < 6; k++) {
            double a = p0[k];
            double b = p1[k];
            double c = p2[k];
            double d = p3[k];
            dest[k] = 0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (3 * b - a - 3 * c + d) * t3);
            if (k < 3) {
                tangent[k] = 0.5 * ((c - a) + 2 * (2 * a - 5 * b + 4 * c - d) * t + 3 * (3 * b - a - 3 * c + d) * t2);
            }
        }
        // radii must stay positive where the spline overshoots
        dest[3] = Math.max(dest[3], 0.5 * Math.min(p1[3], p2[3]));
        dest[4] = Math.max(dest[4], 0.5 * Math.min(p1[4], p2[4]));
        double len = Math.sqrt(tangent[0] * tangent[0] + tangent[1] * tangent[1] + tangent[2] * tangent[2]);
        assert len > 1e-9 : "coincident control rings";
        tangent[0] /= len;
        tangent[1] /= len;
        tangent[2] /= len;
    }

    /** {@code 2 * a - b}: the control point mirrored across {@code a}. */
    private static double[] reflect(double[] a, double[] b) {
        double[] r = new double[6];
        for (int k = 0; k < 6; k++) {
            r[k] = 2 * a[k] - b[k];
        }
        return r;
    }
}
