package io.github.skinmesh.testkit.humanoid;

import static io.github.skinmesh.testkit.humanoid.Rig.FINGERS;
import static io.github.skinmesh.testkit.humanoid.Rig.HEAD;
import static io.github.skinmesh.testkit.humanoid.Rig.HEAD_TOP;
import static io.github.skinmesh.testkit.humanoid.Rig.HIPS;
import static io.github.skinmesh.testkit.humanoid.Rig.LEFT;
import static io.github.skinmesh.testkit.humanoid.Rig.NECK;
import static io.github.skinmesh.testkit.humanoid.Rig.PHALANGES;
import static io.github.skinmesh.testkit.humanoid.Rig.RIGHT;
import static io.github.skinmesh.testkit.humanoid.Rig.SPINE;
import static io.github.skinmesh.testkit.humanoid.Rig.SPINE1;
import static io.github.skinmesh.testkit.humanoid.Rig.SPINE2;

import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;

/**
 * The surfaces of each part, laid around the rig's bones, with the bones each surface may be
 * weighted to and its rectangle in the part's texture. Bone sets are chosen per surface as a
 * rigger paints regions: the trunk follows spine and clavicles but not the arms (whose segments
 * pass close to the waist in an A-pose), each finger only its own phalanges and the hand. Radii
 * are fractions of the height scaled by the girth, from the same canon as {@link Proportions}.
 * Right-side sleeve, glove and shoe reuse the left side's texture rectangle mirrored, as real
 * assets often do.
 */
final class PartShapes {
    private final Rig rig;
    private final Proportions p;
    private final double detail;

    PartShapes(Rig rig, Proportions p, double detail) {
        this.rig = rig;
        this.p = p;
        this.detail = detail;
    }

    List<SurfaceGrid> grids(HumanoidPart part) {
        switch (part) {
            case HAIR:
                return hair();
            case HEAD:
                return head();
            case TORSO:
                return torso();
            case LEGS:
                return legs();
            case HANDS:
                return hands();
            default:
                return shoes();
        }
    }

    /**
     * A count scaled by the detail: segments around a surface, samples along it or rings per dome;
     * {@code base} at detail 1, never fewer than {@code min}.
     */
    private int segments(int base, int min) {
        return Math.max(min, (int) Math.round(base * detail));
    }

    private List<SurfaceGrid> hair() {
        double[] r = rig.headRadii;
        SurfaceGrid cap = HairCap.build(rig.headCenter, r[0] * 1.12, r[1] * 1.07, r[2] * 1.10, 1.0, 2.15,
                segments(40, 8), segments(18, 2), new int[] {NECK, HEAD, HEAD_TOP});
        return List.of(cap);
    }

    private List<SurfaceGrid> head() {
        double h = p.height;
        double[] c = rig.headCenter;
        double rx = rig.headRadii[0];
        double ry = rig.headRadii[1];
        double rz = rig.headRadii[2];
        Vector3d neck = rig.joint(NECK, new Vector3d());
        double nr = 0.026 * h * Math.sqrt(p.girth);
        double z = neck.z;
        Tube t = new Tube().reference(0, 0, 1)
                .ring(0, neck.y - 0.03 * h, z, 1.2 * nr, 1.3 * nr)
                .ring(0, neck.y + 0.01 * h, z, nr, 1.05 * nr)
                .ring(0, c[1] - 0.80 * ry, z, 0.60 * rz, 0.62 * rx, c[2] + 0.20 * rz - z)
                .ring(0, c[1] - 0.45 * ry, z, 0.92 * rz, 0.84 * rx, c[2] + 0.08 * rz - z)
                .ring(0, c[1] - 0.05 * ry, z, rz, 0.98 * rx, c[2] - z)
                .ring(0, c[1] + 0.45 * ry, z, 0.88 * rz, 0.87 * rx, c[2] - 0.03 * rz - z)
                .caps(0.3 * nr, h - (c[1] + 0.45 * ry));
        return List.of(t.build(segments(32, 8), segments(4, 1), segments(4, 1), new int[] {SPINE2, NECK, HEAD}));
    }

    private List<SurfaceGrid> torso() {
        double h = p.height;
        double g = p.girth;
        Vector3d spine = rig.joint(SPINE, new Vector3d());
        Vector3d spine1 = rig.joint(SPINE1, new Vector3d());
        Vector3d spine2 = rig.joint(SPINE2, new Vector3d());
        Vector3d neck = rig.joint(NECK, new Vector3d());
        double shoulderY = rig.joint(Rig.arm(LEFT), new Vector3d()).y;
        List<SurfaceGrid> grids = new ArrayList<>();
        Tube trunk = new Tube().reference(0, 0, 1).squareness(2.5)
                // tucked in: narrower than the trousers' waist where they overlap
                .ring(0, spine.y - 0.04 * h, spine.z, 0.054 * h * g, 0.080 * h * g)
                .ring(0, spine.y, spine.z, 0.056 * h * g, 0.082 * h * g)
                .ring(0, spine1.y, spine1.z, 0.063 * h * g, 0.092 * h * g)
                .ring(0, spine2.y, spine2.z, 0.066 * h * g, 0.098 * h * g)
                .ring(0, shoulderY + 0.012 * h, 0.5 * spine2.z, 0.054 * h * g, p.shoulderHalfWidth + 0.004 * h)
                .ring(0, neck.y - 0.004 * h, neck.z, 0.036 * h, 0.046 * h)
                .caps(0.02 * h, 0.012 * h);
        grids.add(trunk.build(segments(36, 8), segments(4, 1), segments(4, 1),
                new int[] {HIPS, SPINE, SPINE1, SPINE2, NECK, Rig.shoulder(LEFT), Rig.shoulder(RIGHT)})
                .uvRect(0, 0.64, 0, 1));
        for (int side = LEFT; side <= RIGHT; side++) {
            Vector3d a = direction(rig.armDirection, side);
            Vector3d shoulder = rig.joint(Rig.arm(side), new Vector3d());
            Vector3d elbow = rig.joint(Rig.foreArm(side), new Vector3d());
            Vector3d wrist = rig.joint(Rig.hand(side), new Vector3d());
            double[] radii = {0.040, 0.035, 0.030, 0.030, 0.024};
            Vector3d[] centers = {new Vector3d(shoulder).fma(-0.015 * h, a),
                new Vector3d(shoulder).fma(0.45 * p.upperArm, a), elbow, new Vector3d(elbow).fma(0.4 * p.foreArm, a),
                new Vector3d(wrist).fma(-0.012 * h, a)};
            Tube sleeve = new Tube().reference(0, 0, 1);
            for (int i = 0; i < centers.length; i++) {
                double r = radii[i] * h * g;
                sleeve.ring(centers[i].x, centers[i].y, centers[i].z, 0.95 * r, r);
            }
            double endR = radii[radii.length - 1] * h * g;
            sleeve.caps(0.5 * radii[0] * h * g, 0.5 * endR);
            SurfaceGrid grid = sleeve.build(segments(20, 6), segments(4, 1), segments(3, 1),
                    new int[] {SPINE2, Rig.shoulder(side), Rig.arm(side), Rig.foreArm(side), Rig.hand(side)});
            grids.add(side == LEFT ? grid.uvRect(0.64, 1, 0, 1) : grid.uvRect(1, 0.64, 0, 1));
        }
        return grids;
    }

    private List<SurfaceGrid> legs() {
        double h = p.height;
        double g = p.girth;
        Vector3d spine = rig.joint(SPINE, new Vector3d());
        Vector3d hips = rig.joint(HIPS, new Vector3d());
        List<SurfaceGrid> grids = new ArrayList<>();
        Tube pelvis = new Tube().reference(0, 0, 1).squareness(2.4)
                .ring(0, spine.y + 0.008 * h, spine.z, 0.062 * h * g, 0.088 * h * g)
                .ring(0, hips.y, hips.z, 0.066 * h * g, 0.095 * h * g)
                .ring(0, p.hipJointHeight - 0.03 * h, 0, 0.060 * h * g, 0.088 * h * g)
                .caps(0.012 * h, 0.025 * h);
        grids.add(pelvis.build(segments(36, 8), segments(3, 1), segments(4, 1),
                new int[] {HIPS, SPINE, Rig.upLeg(LEFT), Rig.upLeg(RIGHT)}).uvRect(0, 1, 0, 0.24));
        for (int side = LEFT; side <= RIGHT; side++) {
            Vector3d hip = rig.joint(Rig.upLeg(side), new Vector3d());
            Vector3d knee = rig.joint(Rig.leg(side), new Vector3d());
            Vector3d ankle = rig.joint(Rig.foot(side), new Vector3d());
            double[] radii = {0.058, 0.050, 0.036, 0.040, 0.028, 0.026};
            Vector3d[] centers = {new Vector3d(hip).add(0, 0.02 * h, 0), new Vector3d(hip).lerp(knee, 0.45), knee,
                new Vector3d(knee).lerp(ankle, 0.3), new Vector3d(knee).lerp(ankle, 0.75),
                new Vector3d(ankle).add(0, 0.022 * h, 0)};
            Tube leg = new Tube().reference(0, 0, 1);
            for (int i = 0; i < centers.length; i++) {
                double r = radii[i] * h * g;
                leg.ring(centers[i].x, centers[i].y, centers[i].z, r, 0.95 * r);
            }
            leg.caps(0.5 * radii[0] * h * g, 0.5 * radii[radii.length - 1] * h * g);
            SurfaceGrid grid = leg.build(segments(24, 6), segments(4, 1), segments(3, 1),
                    new int[] {HIPS, Rig.upLeg(side), Rig.leg(side), Rig.foot(side)});
            grids.add(grid.uvRect(0.5 * side, 0.5 * side + 0.5, 0.24, 1));
        }
        return grids;
    }

    private List<SurfaceGrid> hands() {
        double hand = p.hand;
        List<SurfaceGrid> grids = new ArrayList<>();
        for (int side = LEFT; side <= RIGHT; side++) {
            Vector3d a = direction(rig.armDirection, side);
            Vector3d n = direction(rig.palmNormal, side);
            Vector3d wrist = rig.joint(Rig.hand(side), new Vector3d());
            double palm = Rig.PALM_LENGTH * hand;
            Vector3d c0 = new Vector3d(wrist).fma(-0.06 * hand, a);
            Vector3d c1 = new Vector3d(wrist).fma(0.45 * palm, a);
            Vector3d c2 = new Vector3d(wrist).fma(0.92 * palm, a);
            Tube palmTube = new Tube().reference(n.x, n.y, n.z).squareness(2.6)
                    .ring(c0.x, c0.y, c0.z, 0.070 * hand, 0.17 * hand)
                    .ring(c1.x, c1.y, c1.z, 0.075 * hand, 0.23 * hand)
                    .ring(c2.x, c2.y, c2.z, 0.065 * hand, 0.235 * hand)
                    .caps(0.05 * hand, 0.06 * hand);
            int[] palmBones = new int[2 + FINGERS];
            palmBones[0] = Rig.foreArm(side);
            palmBones[1] = Rig.hand(side);
            for (int f = 0; f < FINGERS; f++) {
                palmBones[2 + f] = Rig.finger(side, f, 0);
            }
            grids.add(cell(palmTube.build(segments(16, 6), segments(3, 1), segments(3, 1), palmBones), side, 0));
            for (int f = 0; f < FINGERS; f++) {
                Vector3d dir = direction(rig.fingerDirection, Rig.FINGERS * side + f);
                double r = rig.fingerRadius[f];
                Tube finger = new Tube().reference(n.x, n.y, n.z);
                double[] scale = {1.0, 0.92, 0.85};
                for (int k = 0; k < PHALANGES; k++) {
                    Vector3d j = rig.joint(Rig.finger(side, f, k), new Vector3d());
                    if (k == 0) {
                        j.fma(-0.3 * r, dir);
                    }
                    finger.ring(j.x, j.y, j.z, 0.85 * scale[k] * r, scale[k] * r);
                }
                Vector3d tip = rig.tail(Rig.finger(side, f, PHALANGES - 1), new Vector3d()).fma(-0.7 * r, dir);
                finger.ring(tip.x, tip.y, tip.z, 0.85 * 0.78 * r, 0.78 * r).caps(0.5 * r, 0.7 * r);
                int[] bones = {Rig.hand(side), Rig.finger(side, f, 0), Rig.finger(side, f, 1), Rig.finger(side, f, 2)};
                grids.add(cell(finger.build(segments(10, 5), segments(3, 1), segments(2, 1), bones), side, 1 + f));
            }
        }
        return grids;
    }

    /** Cell {@code index} of a 3 x 2 layout; the right side mirrors the left one's cell. */
    private static SurfaceGrid cell(SurfaceGrid g, int side, int index) {
        double u = (index % 3) / 3.0;
        double v = (index / 3) / 2.0;
        double w = 1 / 3.0;
        return side == LEFT ? g.uvRect(u, u + w, v, v + 0.5) : g.uvRect(u + w, u, v, v + 0.5);
    }

    private List<SurfaceGrid> shoes() {
        double h = p.height;
        double fl = p.footLength;
        double fw = p.footWidth;
        List<SurfaceGrid> grids = new ArrayList<>();
        for (int side = LEFT; side <= RIGHT; side++) {
            double x = rig.heel[3 * side];
            double heelZ = rig.heel[3 * side + 2];
            double toeZ = rig.toeTip[3 * side + 2];
            double ankleZ = rig.joint(Rig.foot(side), new Vector3d()).z;
            double ballZ = rig.joint(Rig.toeBase(side), new Vector3d()).z;
            double[] z = {heelZ + 0.06 * fl, ankleZ, 0.5 * (ankleZ + ballZ), ballZ, toeZ - 0.07 * fl};
            double[] height = {0.036, 0.038, 0.029, 0.021, 0.017};
            double[] width = {0.027, 0.030, 0.037, 0.040, 0.034};
            // e1 is up: the section's half height r1 centred at y = r1 puts the sole on the ground
            Tube shoe = new Tube().reference(0, 1, 0).squareness(3);
            for (int i = 0; i < z.length; i++) {
                shoe.ring(x, height[i] * h, z[i], height[i] * h, width[i] * h * fw);
            }
            shoe.caps(0.06 * fl, 0.07 * fl);
            SurfaceGrid grid = shoe.build(segments(24, 6), segments(4, 1), segments(3, 1),
                    new int[] {Rig.leg(side), Rig.foot(side), Rig.toeBase(side)});
            grids.add(side == LEFT ? grid.uvRect(0, 1, 0, 1) : grid.uvRect(1, 0, 0, 1));
        }
        return grids;
    }

    private static Vector3d direction(double[] packed, int index) {
        return new Vector3d(packed[3 * index], packed[3 * index + 1], packed[3 * index + 2]);
    }
}
