package io.github.skinmesh.testkit.humanoid;

/**
 * The model-space axis about which a straight rest-pose finger curls towards its palm:
 * {@code direction x palmNormal}, so that a positive turn moves the finger tip towards the palm.
 */
final class FingerCurl {
    private FingerCurl() {
    }

    static double[] axis(Rig rig, int side, int finger) {
        int d = 3 * (Rig.FINGERS * side + finger);
        double dx = rig.fingerDirection[d];
        double dy = rig.fingerDirection[d + 1];
        double dz = rig.fingerDirection[d + 2];
        double nx = rig.palmNormal[3 * side];
        double ny = rig.palmNormal[3 * side + 1];
        double nz = rig.palmNormal[3 * side + 2];
        double[] a = {dy * nz - dz * ny, dz * nx - dx * nz, dx * ny - dy * nx};
        double len = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
        a[0] /= len;
        a[1] /= len;
        a[2] /= len;
        return a;
    }
}
