package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.core.model.Skeleton;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The humanoid skeleton: 53 bones with Mixamo-style names, built from {@link Proportions}.
 *
 * <p>First every joint is placed in model space (+Y up, the character facing +Z, its left side
 * at +X, soles on {@code y = 0}). Each bone then gets a model frame whose +Y axis runs from its
 * joint to its tail (its child joint, or a tip for end bones) and whose +Z axis leans towards a
 * reference direction (forward for trunk and limbs, the palm normal for hands and fingers, up for
 * the feet), as exporters of real rigs produce. Local rest transforms follow as
 * {@code rotation = inverse(parentFrame) * frame} and
 * {@code translation = inverse(parentFrame) * (joint - parentJoint)}, scale 1. Local rotations are
 * small along straight chains and large where chains turn (hips to legs, spine to clavicles, hand
 * to thumb); model frames, and so inverse bind matrices, are far from identity for most bones.
 *
 * <p>Bone order (parents first): Hips, Spine, Spine1, Spine2, Neck, Head, HeadTop; per side
 * (Left, then Right) Shoulder, Arm, ForeArm, Hand and three phalanges of Thumb, Index, Middle,
 * Ring, Pinky; per side UpLeg, Leg, Foot, ToeBase.
 */
final class Rig {
    static final int BONE_COUNT = 53;
    static final int LEFT = 0;
    static final int RIGHT = 1;
    static final int THUMB = 0;
    static final int FINGERS = 5;
    static final int PHALANGES = 3;

    static final int HIPS = 0;
    static final int SPINE = 1;
    static final int SPINE1 = 2;
    static final int SPINE2 = 3;
    static final int NECK = 4;
    static final int HEAD = 5;
    static final int HEAD_TOP = 6;
    private static final int FIRST_ARM = 7;
    private static final int ARM_BONES = 4 + FINGERS * PHALANGES;
    private static final int FIRST_LEG = FIRST_ARM + 2 * ARM_BONES;
    private static final int LEG_BONES = 4;

    private static final String[] SIDES = {"Left", "Right"};
    private static final String[] FINGER_NAMES = {"Thumb", "Index", "Middle", "Ring", "Pinky"};

    // per finger (thumb first): offset across the palm (fraction of half the palm width), reach along
    // the palm (fraction of the palm length), length (fraction of the hand), fan-out, radius (fraction of the hand)
    private static final double[] FINGER_OFFSET = {0.55, 0.72, 0.24, -0.24, -0.68};
    private static final double[] FINGER_REACH = {0.30, 0.97, 1.0, 0.97, 0.89};
    private static final double[] FINGER_LENGTH = {0.46, 0.40, 0.45, 0.42, 0.33};
    private static final double[] FINGER_FAN = {0, 0.08, 0.0, -0.07, -0.15};
    private static final double[] FINGER_RADIUS = {0.095, 0.085, 0.088, 0.082, 0.072};
    private static final double[] PHALANX_SPLIT = {0.45, 0.31, 0.24};
    private static final double[] THUMB_SPLIT = {0.36, 0.34, 0.30};
    /** Trunk and limb bones (no fingers): the bones whose translation every clip keys. */
    static final int[] TRUNK_AND_LIMBS = {HIPS, SPINE, SPINE1, SPINE2, NECK, HEAD, HEAD_TOP, shoulder(LEFT), arm(LEFT),
        foreArm(LEFT), hand(LEFT), shoulder(RIGHT), arm(RIGHT), foreArm(RIGHT), hand(RIGHT), upLeg(LEFT), leg(LEFT),
        foot(LEFT), toeBase(LEFT), upLeg(RIGHT), leg(RIGHT), foot(RIGHT), toeBase(RIGHT)};
    /** Palm length and half width as fractions of the hand length. */
    static final double PALM_LENGTH = 0.46;
    static final double PALM_HALF_WIDTH = 0.21;

    final String[] names = new String[BONE_COUNT];
    final int[] parents = new int[BONE_COUNT];
    /** Joint (bone origin) per bone, model space, xyz. */
    final double[] head = new double[3 * BONE_COUNT];
    /** Tail per bone: where the bone's segment ends (child joint or tip). */
    final double[] tail = new double[3 * BONE_COUNT];
    /** Rest model rotation per bone, quaternion xyzw. */
    final double[] modelRotation = new double[4 * BONE_COUNT];
    /** Rest local rotation per bone, quaternion xyzw. */
    final double[] localRotation = new double[4 * BONE_COUNT];
    /** Rest local translation per bone. */
    final double[] localTranslation = new double[3 * BONE_COUNT];

    /** Per side: the arm's direction from shoulder to wrist (unit). */
    final double[] armDirection = new double[6];
    /** Per side: the palm normal (unit, pointing out of the palm). */
    final double[] palmNormal = new double[6];
    /** Per side and finger: the finger's direction (unit). */
    final double[] fingerDirection = new double[3 * 2 * FINGERS];
    /** Per finger (same both sides): radius at the knuckle, meters. */
    final double[] fingerRadius = new double[FINGERS];
    /** Head ellipsoid center and half extents (x width, y height, z depth). */
    final double[] headCenter = new double[3];
    final double[] headRadii = new double[3];
    /** Per side: heel back point and toe tip on the ground line. */
    final double[] heel = new double[6];
    final double[] toeTip = new double[6];

    final Skeleton skeleton;

    Rig(Proportions p, RestPose pose) {
        assert FIRST_LEG + 2 * LEG_BONES == BONE_COUNT;
        double h = p.height;
        nameBones();

        // head and neck, from the crown down
        headRadii[0] = 0.045 * h * p.headScale;
        headRadii[1] = 0.066 * h * p.headScale;
        headRadii[2] = 0.055 * h * p.headScale;
        Vector3d headC = new Vector3d(0, h - headRadii[1], 0.006 * h);
        store(headC, headCenter, 0);
        Vector3d headJoint = new Vector3d(0, headC.y - 0.75 * headRadii[1], headC.z - 0.15 * headRadii[2]);
        Vector3d neck = new Vector3d(0, headJoint.y - 0.045 * h, -0.008 * h);
        Vector3d headTop = new Vector3d(0, headC.y + 0.6 * headRadii[1], headC.z);
        double shoulderY = neck.y - 0.03 * h;

        // trunk: hips above the hip joints, spine evenly up to the neck with a slight S curve
        Vector3d hips = new Vector3d(0, p.hipJointHeight + 0.03 * h, 0);
        set(HIPS, hips);
        for (int i = 0; i < 3; i++) {
            double t = 0.22 + 0.25 * i;
            Vector3d s = new Vector3d(hips).lerp(neck, t);
            s.z = -0.012 * h * Math.sin(Math.PI * t);
            set(SPINE + i, s);
        }
        set(NECK, neck);
        set(HEAD, headJoint);
        set(HEAD_TOP, headTop);
        setTail(HIPS, SPINE);
        setTail(SPINE, SPINE1);
        setTail(SPINE1, SPINE2);
        setTail(SPINE2, NECK);
        setTail(NECK, HEAD);
        setTail(HEAD, HEAD_TOP);
        setTail(HEAD_TOP, new Vector3d(headTop).add(0, 0.06 * h, 0));

        double armAngle = pose == RestPose.T_POSE ? 0 : p.aPoseAngle;
        for (int side = LEFT; side <= RIGHT; side++) {
            double sx = side == LEFT ? 1 : -1;
            Vector3d a = new Vector3d(sx * Math.cos(armAngle), -Math.sin(armAngle), 0);
            Vector3d n = new Vector3d(-sx * Math.sin(armAngle), -Math.cos(armAngle), 0);
            Vector3d across = new Vector3d(0, 0, 1); // thumbs forward with palms down
            store(a, armDirection, 3 * side);
            store(n, palmNormal, 3 * side);

            Vector3d clavicle = new Vector3d(sx * 0.018 * h, neck.y - 0.02 * h, 0);
            Vector3d shoulderJoint = new Vector3d(sx * p.shoulderHalfWidth, shoulderY, -0.006 * h);
            Vector3d elbow = new Vector3d(a).mul(p.upperArm).add(shoulderJoint);
            Vector3d wrist = new Vector3d(a).mul(p.foreArm).add(elbow);
            set(shoulder(side), clavicle);
            set(arm(side), shoulderJoint);
            set(foreArm(side), elbow);
            set(hand(side), wrist);
            setTail(shoulder(side), arm(side));
            setTail(arm(side), foreArm(side));
            setTail(foreArm(side), hand(side));

            double palmLength = PALM_LENGTH * p.hand;
            double palmHalfWidth = PALM_HALF_WIDTH * p.hand;
            for (int f = 0; f < FINGERS; f++) {
                Vector3d base = new Vector3d(wrist).fma(FINGER_REACH[f] * palmLength, a)
                        .fma(FINGER_OFFSET[f] * palmHalfWidth, across);
                Vector3d dir;
                double[] split;
                if (f == THUMB) {
                    base.fma(0.04 * p.hand, n);
                    dir = new Vector3d(a).mul(0.55).fma(0.75, across).fma(0.35, n).normalize();
                    split = THUMB_SPLIT;
                } else {
                    dir = new Vector3d(a).fma(FINGER_FAN[f] * p.fingerSpread, across).normalize();
                    split = PHALANX_SPLIT;
                }
                store(dir, fingerDirection, 3 * (FINGERS * side + f));
                fingerRadius[f] = FINGER_RADIUS[f] * p.hand;
                double length = FINGER_LENGTH[f] * p.hand;
                Vector3d joint = new Vector3d(base);
                for (int k = 0; k < PHALANGES; k++) {
                    set(finger(side, f, k), joint);
                    joint.fma(split[k] * length, dir);
                    setTail(finger(side, f, k), joint);
                }
            }
            setTail(hand(side), finger(side, 2, 0));

            Vector3d hipJoint = new Vector3d(sx * p.hipHalfWidth, p.hipJointHeight, 0);
            Vector3d ankle = new Vector3d(sx * p.hipHalfWidth * 0.9, 0.045 * h, -0.012 * h);
            Vector3d knee = new Vector3d(hipJoint).lerp(ankle, 0.49).add(0, 0, 0.012 * h);
            double heelZ = ankle.z - 0.24 * p.footLength;
            Vector3d ball = new Vector3d(ankle.x, 0.02 * h, heelZ + 0.74 * p.footLength);
            Vector3d toe = new Vector3d(ankle.x, 0.016 * h, heelZ + p.footLength);
            store(new Vector3d(ankle.x, 0, heelZ), heel, 3 * side);
            store(new Vector3d(ankle.x, 0, toe.z), toeTip, 3 * side);
            set(upLeg(side), hipJoint);
            set(leg(side), knee);
            set(foot(side), ankle);
            set(toeBase(side), ball);
            setTail(upLeg(side), leg(side));
            setTail(leg(side), foot(side));
            setTail(foot(side), toeBase(side));
            setTail(toeBase(side), toe);
        }
        computeFrames();
        skeleton = buildSkeleton();
    }

    private void nameBones() {
        String[] trunk = {"Hips", "Spine", "Spine1", "Spine2", "Neck", "Head", "HeadTop"};
        int[] trunkParents = {Skeleton.NO_PARENT, HIPS, SPINE, SPINE1, SPINE2, NECK, HEAD};
        for (int i = 0; i < trunk.length; i++) {
            names[i] = trunk[i];
            parents[i] = trunkParents[i];
        }
        for (int side = LEFT; side <= RIGHT; side++) {
            String s = SIDES[side];
            bone(shoulder(side), s + "Shoulder", SPINE2);
            bone(arm(side), s + "Arm", shoulder(side));
            bone(foreArm(side), s + "ForeArm", arm(side));
            bone(hand(side), s + "Hand", foreArm(side));
            for (int f = 0; f < FINGERS; f++) {
                for (int k = 0; k < PHALANGES; k++) {
                    bone(finger(side, f, k), s + "Hand" + FINGER_NAMES[f] + (k + 1),
                            k == 0 ? hand(side) : finger(side, f, k - 1));
                }
            }
        }
        for (int side = LEFT; side <= RIGHT; side++) {
            String s = SIDES[side];
            bone(upLeg(side), s + "UpLeg", HIPS);
            bone(leg(side), s + "Leg", upLeg(side));
            bone(foot(side), s + "Foot", leg(side));
            bone(toeBase(side), s + "ToeBase", foot(side));
        }
    }

    private void bone(int index, String name, int parent) {
        names[index] = name;
        parents[index] = parent;
    }

    /** Model frames from joint-to-tail directions, then local rest transforms. */
    private void computeFrames() {
        Vector3d y = new Vector3d();
        Vector3d z = new Vector3d();
        Vector3d x = new Vector3d();
        Vector3d ref = new Vector3d();
        Matrix3d frame = new Matrix3d();
        Quaterniond q = new Quaterniond();
        Quaterniond parentInverse = new Quaterniond();
        Vector3d offset = new Vector3d();
        for (int b = 0; b < BONE_COUNT; b++) {
            y.set(tail[3 * b] - head[3 * b], tail[3 * b + 1] - head[3 * b + 1], tail[3 * b + 2] - head[3 * b + 2])
                    .normalize();
            referenceDirection(b, ref);
            if (Math.abs(y.dot(ref)) > 0.95) {
                ref.set(0, 1, 0);
            }
            z.set(ref).fma(-y.dot(ref), y).normalize();
            y.cross(z, x);
            frame.setColumn(0, x).setColumn(1, y).setColumn(2, z);
            q.setFromNormalized(frame).normalize();
            store(q, modelRotation, 4 * b);
            int p = parents[b];
            offset.set(head[3 * b], head[3 * b + 1], head[3 * b + 2]);
            if (p == Skeleton.NO_PARENT) {
                store(q, localRotation, 4 * b);
            } else {
                parentInverse.set(modelRotation[4 * p], modelRotation[4 * p + 1], modelRotation[4 * p + 2],
                        modelRotation[4 * p + 3]).conjugate();
                store(new Quaterniond(parentInverse).mul(q).normalize(), localRotation, 4 * b);
                offset.sub(head[3 * p], head[3 * p + 1], head[3 * p + 2]);
                parentInverse.transform(offset);
            }
            store(offset, localTranslation, 3 * b);
        }
    }

    /** Forward for trunk and limbs, the palm normal for hands and fingers, up for feet and toes. */
    private void referenceDirection(int bone, Vector3d dest) {
        for (int side = LEFT; side <= RIGHT; side++) {
            if (bone >= hand(side) && bone <= finger(side, FINGERS - 1, PHALANGES - 1)) {
                dest.set(palmNormal[3 * side], palmNormal[3 * side + 1], palmNormal[3 * side + 2]);
                return;
            }
            if (bone == foot(side) || bone == toeBase(side)) {
                dest.set(0, 1, 0);
                return;
            }
        }
        dest.set(0, 0, 1);
    }

    private Skeleton buildSkeleton() {
        float[] t = new float[3 * BONE_COUNT];
        float[] r = new float[4 * BONE_COUNT];
        float[] s = new float[3 * BONE_COUNT];
        for (int i = 0; i < t.length; i++) {
            t[i] = (float) localTranslation[i];
            s[i] = 1f;
        }
        for (int i = 0; i < r.length; i++) {
            r[i] = (float) localRotation[i];
        }
        return Skeleton.of("humanoid", names, parents, t, r, s);
    }

    private void set(int bone, Vector3d position) {
        store(position, head, 3 * bone);
    }

    private void setTail(int bone, int child) {
        System.arraycopy(head, 3 * child, tail, 3 * bone, 3);
    }

    private void setTail(int bone, Vector3d position) {
        store(position, tail, 3 * bone);
    }

    static void store(Vector3d v, double[] dst, int offset) {
        dst[offset] = v.x;
        dst[offset + 1] = v.y;
        dst[offset + 2] = v.z;
    }

    static void store(Quaterniond q, double[] dst, int offset) {
        dst[offset] = q.x;
        dst[offset + 1] = q.y;
        dst[offset + 2] = q.z;
        dst[offset + 3] = q.w;
    }

    /**
     * Copies a bone's joint position.
     *
     * @param bone the bone
     * @param dest receives the position
     * @return {@code dest}
     */
    Vector3d joint(int bone, Vector3d dest) {
        return dest.set(head[3 * bone], head[3 * bone + 1], head[3 * bone + 2]);
    }

    /**
     * Copies a bone's tail position.
     *
     * @param bone the bone
     * @param dest receives the position
     * @return {@code dest}
     */
    Vector3d tail(int bone, Vector3d dest) {
        return dest.set(tail[3 * bone], tail[3 * bone + 1], tail[3 * bone + 2]);
    }

    static int shoulder(int side) {
        return FIRST_ARM + side * ARM_BONES;
    }

    static int arm(int side) {
        return shoulder(side) + 1;
    }

    static int foreArm(int side) {
        return shoulder(side) + 2;
    }

    static int hand(int side) {
        return shoulder(side) + 3;
    }

    static int finger(int side, int finger, int phalanx) {
        return hand(side) + 1 + PHALANGES * finger + phalanx;
    }

    static int upLeg(int side) {
        return FIRST_LEG + side * LEG_BONES;
    }

    static int leg(int side) {
        return upLeg(side) + 1;
    }

    static int foot(int side) {
        return upLeg(side) + 2;
    }

    static int toeBase(int side) {
        return upLeg(side) + 3;
    }
}
