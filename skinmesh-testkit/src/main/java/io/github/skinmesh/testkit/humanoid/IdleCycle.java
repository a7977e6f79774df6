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
 * A looping idle: two breaths per loop (chest scale and spine pitch, shoulders rising), a slow
 * sideways weight shift of hips and legs, the head looking around (the channel whose
 * interpolation {@link HumanoidOptions#headInterpolation()} selects), small arm and hand drift,
 * fingers curling (from about 3 to 27 degrees per joint, the little finger most) and relaxing,
 * the hair bone swaying, and when face morphs are on a morph-weight channel for them. Trunk and
 * limb bones key their translation as in the walk.
 */
final class IdleCycle {
    /** Spacing in seconds of the cubic spline keys of the head channel. */
    private static final double CUBIC_KEY_SPACING = 0.5;
    /** Curl per finger, thumb first: the little finger curls most. */
    private static final double[] CURL = {0.5, 0.8, 1.0, 1.1, 1.25};
    /** Curl per phalanx, from the knuckle out. */
    private static final double[] PHALANX_CURL = {1.0, 1.2, 0.8};

    private IdleCycle() {
    }

    static AnimationClip build(Rig rig, Proportions p, HumanoidOptions options) {
        ClipTiming timing = new ClipTiming(p.idlePeriod, options.keyRate());
        ClipWriter w = new ClipWriter(rig, timing);
        double h = p.height;

        w.translation(HIPS, (ph, d) -> {
            d[0] = 0.006 * h * sin(ph);
            d[1] = 0.0015 * h * sin(2 * ph);
            d[2] = 0.003 * h * sin(ph + 1);
        });
        w.rotation(HIPS, (ph, m) -> m.turn(HIPS, 0, 0, 1, toRadians(1.2) * sin(ph))
                .turn(HIPS, 0, 1, 0, toRadians(1) * sin(ph + 0.7)));
        w.rotation(SPINE, (ph, m) -> m.turn(SPINE, 0, 0, 1, -toRadians(0.8) * sin(ph)));
        w.rotation(SPINE1, (ph, m) -> m.turn(SPINE1, 1, 0, 0, -toRadians(1) * breath(ph)));
        w.rotation(SPINE2, (ph, m) -> m.turn(SPINE2, 1, 0, 0, -toRadians(0.8) * breath(ph)));
        w.scale(SPINE2, (ph, d) -> {
            double b = breath(ph);
            d[0] = 1 + 0.010 * b;
            d[1] = 1 + 0.004 * b;
            d[2] = 1 + 0.016 * b;
        });
        w.rotation(NECK, (ph, m) -> m.turn(NECK, 1, 0, 0, toRadians(1) * sin(ph)));
        int cubicKeys = (int) Math.round(timing.duration / CUBIC_KEY_SPACING);
        w.rotation(HEAD, (ph, m) -> m.turn(HEAD, 0, 1, 0, toRadians(7) * sin(ph))
                .turn(HEAD, 1, 0, 0, toRadians(2.5) * sin(2 * ph + 0.3)), options.headInterpolation(), cubicKeys);
        w.rotation(HEAD_TOP, (ph, m) -> m.turn(HEAD_TOP, 0, 0, 1, toRadians(1) * sin(2 * ph)));

        for (int side = LEFT; side <= RIGHT; side++) {
            double offset = side == LEFT ? 0 : PI;
            double sx = side == LEFT ? 1 : -1;
            int shoulder = Rig.shoulder(side);
            int arm = Rig.arm(side);
            int foreArm = Rig.foreArm(side);
            int hand = Rig.hand(side);
            w.translation(shoulder, (ph, d) -> {
                d[0] = 0;
                d[1] = 0.002 * h * breath(ph);
                d[2] = 0;
            });
            w.rotation(arm, (ph, m) -> m.turn(arm, 1, 0, 0, toRadians(2) * sin(ph + offset)));
            w.rotation(foreArm, (ph, m) -> m.turn(foreArm, 1, 0, 0, -toRadians(8) - toRadians(2) * sin(ph)));
            w.rotation(hand, (ph, m) -> m.turn(hand, 0, 0, 1, sx * toRadians(3) * sin(ph + 1)));
            for (int f = 0; f < FINGERS; f++) {
                double[] axis = FingerCurl.axis(rig, side, f);
                for (int k = 0; k < PHALANGES; k++) {
                    int bone = Rig.finger(side, f, k);
                    double scale = CURL[f] * PHALANX_CURL[k];
                    w.rotation(bone, (ph, m) -> m.turn(bone, axis[0], axis[1], axis[2],
                            scale * (toRadians(8) + toRadians(10) * 0.5 * (1 - cos(ph + offset)))));
                }
            }
            int upLeg = Rig.upLeg(side);
            int leg = Rig.leg(side);
            int foot = Rig.foot(side);
            w.rotation(upLeg, (ph, m) -> m.turn(upLeg, 0, 0, 1, toRadians(1.5) * sin(ph)));
            w.rotation(leg, (ph, m) -> m.turn(leg, 1, 0, 0,
                    toRadians(2) + toRadians(2) * 0.5 * (1 - cos(ph + offset))));
            w.rotation(foot, (ph, m) -> m.turn(foot, 0, 0, 1, -toRadians(1.5) * sin(ph)));
        }

        if (options.faceMorphs() == FaceMorphs.MOUTH_AND_BROWS) {
            w.morphWeights(HumanoidPart.HEAD.meshName(), FaceMorphTargets.COUNT, (ph, dst, o) -> {
                dst[o + FaceMorphTargets.MOUTH_OPEN] = (float) (0.1 * 0.5 * (1 - cos(3 * ph)));
                dst[o + FaceMorphTargets.BROWS_UP] = (float) Math.pow(0.5 * (1 - cos(2 * ph)), 4);
            });
        }
        w.restTranslations(Rig.TRUNK_AND_LIMBS);
        return w.build(Humanoid.IDLE);
    }

    /** Chest expansion, 0 (out) to 1 (in), twice per loop. */
    private static double breath(double phase) {
        return 0.5 * (1 - cos(2 * phase));
    }
}
