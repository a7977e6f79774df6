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
import static java.lang.Math.PI;
import static java.lang.Math.cos;
import static java.lang.Math.sin;
import static java.lang.Math.toRadians;

import io.github.skinmesh.core.model.AnimationClip;

/**
 * An in-place walk cycle, one stride of each leg per loop.
 *
 * <p>Phase 0 has the left leg forward at heel strike. Per leg (the right half a period later): hip
 * flexion +-25 degrees, knee flexion peaking near 60 degrees in mid-swing with a small bend after
 * heel strike, ankle roll, toe bend at push-off. Arms swing +-16 degrees against the legs with a
 * bending elbow; the pelvis turns and rolls, the spine counter-turns, neck and head steady the
 * gaze; the hips bob 1% of the height twice per loop and sway sideways; shoulders shrug a little;
 * relaxed fingers curl and uncurl with the arm swing; the hair bone lags the bob. Every trunk and
 * limb bone has a translation channel, constant at its rest translation except for the hips and
 * shoulders, as motion capture exports key them.
 */
final class WalkCycle {
    private WalkCycle() {
    }

    static AnimationClip build(Rig rig, Proportions p, HumanoidOptions options) {
        ClipTiming timing = new ClipTiming(p.walkPeriod, options.keyRate());
        ClipWriter w = new ClipWriter(rig, timing);
        double h = p.height;

        w.translation(HIPS, (ph, d) -> {
            d[0] = 0.008 * h * sin(ph);
            d[1] = -0.010 * h * cos(2 * ph);
            d[2] = 0;
        });
        w.rotation(HIPS, (ph, m) -> m.turn(HIPS, 0, 1, 0, -toRadians(6) * cos(ph))
                .turn(HIPS, 0, 0, 1, toRadians(3) * sin(ph)));
        w.rotation(SPINE, (ph, m) -> m.turn(SPINE, 1, 0, 0, toRadians(2))
                .turn(SPINE, 0, 1, 0, toRadians(2.5) * cos(ph)));
        w.rotation(SPINE1, (ph, m) -> m.turn(SPINE1, 0, 1, 0, toRadians(2.5) * cos(ph)));
        w.rotation(SPINE2, (ph, m) -> m.turn(SPINE2, 0, 1, 0, toRadians(3) * cos(ph))
                .turn(SPINE2, 0, 0, 1, -toRadians(1.5) * sin(ph)));
        w.rotation(NECK, (ph, m) -> m.turn(NECK, 0, 1, 0, -toRadians(1.5) * cos(ph)));
        w.rotation(HEAD, (ph, m) -> m.turn(HEAD, 0, 1, 0, -toRadians(1.5) * cos(ph))
                .turn(HEAD, 1, 0, 0, toRadians(1) * cos(2 * ph)));
        w.rotation(HEAD_TOP, (ph, m) -> m.turn(HEAD_TOP, 1, 0, 0, toRadians(1.5) * sin(2 * ph - 0.5)));

        for (int side = LEFT; side <= RIGHT; side++) {
            double offset = side == LEFT ? 0 : PI;
            double sx = side == LEFT ? 1 : -1;
            int shoulder = Rig.shoulder(side);
            int arm = Rig.arm(side);
            int foreArm = Rig.foreArm(side);
            int hand = Rig.hand(side);
            w.translation(shoulder, (ph, d) -> {
                d[0] = 0;
                d[1] = 0.002 * h * cos(2 * ph);
                d[2] = 0;
            });
            w.rotation(shoulder, (ph, m) -> m.turn(shoulder, 0, 1, 0, sx * toRadians(2) * cos(ph + offset)));
            w.rotation(arm, (ph, m) -> m.turn(arm, 1, 0, 0, toRadians(16) * cos(ph + offset)));
            w.rotation(foreArm, (ph, m) -> m.turn(foreArm, 1, 0, 0,
                    -toRadians(12) - toRadians(10) * 0.5 * (1 - cos(ph + offset))));
            w.rotation(hand, (ph, m) -> m.turn(hand, 1, 0, 0, toRadians(4) * sin(ph + offset)));
            for (int f = 0; f < FINGERS; f++) {
                double[] axis = FingerCurl.axis(rig, side, f);
                for (int k = 0; k < PHALANGES; k++) {
                    int bone = Rig.finger(side, f, k);
                    double scale = f == Rig.THUMB ? 0.4 : 1;
                    w.rotation(bone, (ph, m) -> m.turn(bone, axis[0], axis[1], axis[2],
                            scale * (toRadians(12) + toRadians(4) * cos(ph + offset))));
                }
            }

            int upLeg = Rig.upLeg(side);
            int leg = Rig.leg(side);
            int foot = Rig.foot(side);
            int toe = Rig.toeBase(side);
            w.rotation(upLeg, (ph, m) -> m.turn(upLeg, 1, 0, 0, -toRadians(25) * cos(ph + offset)));
            w.rotation(leg, (ph, m) -> m.turn(leg, 1, 0, 0, toRadians(4)
                    + toRadians(55) * bump(ph + offset, 1.5 * PI, 2) + toRadians(8) * bump(ph + offset, 0.4, 4)));
            w.rotation(foot, (ph, m) -> m.turn(foot, 1, 0, 0,
                    -toRadians(10) * cos(ph + offset) + toRadians(6) * sin(ph + offset)));
            w.rotation(toe, (ph, m) -> m.turn(toe, 1, 0, 0, -toRadians(20) * bump(ph + offset, 0.85 * PI, 3)));
        }
        w.restTranslations(Rig.TRUNK_AND_LIMBS);
        return w.build(Humanoid.WALK);
    }

    /** A smooth periodic bump: 1 at {@code center}, 0 half a period away, sharper with {@code power}. */
    static double bump(double phase, double center, int power) {
        return Math.pow(0.5 * (1 + cos(phase - center)), power);
    }
}
