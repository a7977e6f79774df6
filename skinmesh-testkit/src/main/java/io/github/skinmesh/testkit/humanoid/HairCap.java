package io.github.skinmesh.testkit.humanoid;

/**
 * The hair: an open shell on a scaled ellipsoid around the head, from a pole on the crown down to
 * a hairline that sits at {@code frontLimit} polar angle over the forehead, {@code backLimit} at
 * the nape and in between at the sides, with a gentle ripple of tufts.
 *
 * <p>Points: polar angle {@code theta} from +Y, azimuth {@code phi} from +X towards +Z (the face);
 * {@code P = c + (rx sin(theta) cos(phi), ry cos(theta), rz sin(theta) sin(phi))}. With columns
 * increasing {@code phi} and rows increasing {@code theta}, {@code dP/du x dP/dv} points outwards,
 * as {@link SurfaceGrid} requires. The texture seam is at the back ({@code phi = -pi/2}).
 */
final class HairCap {
    private static final double SEAM = -0.5 * Math.PI;
    private static final double TUFT_AMPLITUDE = 0.025;
    private static final int TUFTS = 7;

    private HairCap() {
    }

    static SurfaceGrid build(double[] center, double rx, double ry, double rz, double frontLimit, double backLimit,
            int columns, int rings, int[] bones) {
        assert rings >= 2 && columns >= 3;
        SurfaceGrid g = new SurfaceGrid(columns, rings + 1, true, false, bones);
        for (int s = 0; s < columns; s++) {
            g.setPoint(0, s, center[0], center[1] + ry, center[2]);
        }
        for (int s = 0; s < columns; s++) {
            double phi = SEAM + 2 * Math.PI * s / columns;
            double limit = frontLimit + (backLimit - frontLimit) * 0.5 * (1 - Math.sin(phi));
            for (int k = 1; k <= rings; k++) {
                double along = (double) k / rings;
                double theta = limit * along;
                double tuft = 1 + TUFT_AMPLITUDE * Math.sin(TUFTS * phi) * along;
                double sin = Math.sin(theta) * tuft;
                g.setPoint(k, s, center[0] + rx * sin * Math.cos(phi), center[1] + ry * Math.cos(theta),
                        center[2] + rz * sin * Math.sin(phi));
            }
        }
        return g;
    }
}
