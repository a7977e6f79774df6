package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.testkit.SplitMix64;

/**
 * Body measurements of one generated character, drawn from the seed within believable adult
 * ranges. Lengths are in meters; most are derived from the height with a jittered ratio taken
 * from common figure-drawing canons (head about 1/7.5 of the height, hip joint about half of it,
 * arm span about equal to it).
 */
final class Proportions {
    /** Stream separator so that proportions and colors of one seed are independent. */
    private static final long STREAM = 0x48554D414E4F4944L;

    /** Standing height, 1.55..1.95 m (crown at {@code y = height}, soles at {@code y = 0}). */
    final double height;
    /** Head size relative to the canon, 0.94..1.08. */
    final double headScale;
    /** Body girth relative to the canon, 0.85..1.2 (radii of trunk, limbs and neck). */
    final double girth;
    /** Half the distance between the shoulder joints. */
    final double shoulderHalfWidth;
    /** Half the distance between the hip joints. */
    final double hipHalfWidth;
    /** Height of the hip joints. */
    final double hipJointHeight;
    /** Shoulder to elbow. */
    final double upperArm;
    /** Elbow to wrist. */
    final double foreArm;
    /** Wrist to middle fingertip. */
    final double hand;
    /** Heel to toe tip. */
    final double footLength;
    /** Width of the foot relative to the canon, 0.9..1.15. */
    final double footWidth;
    /** How far the fingers fan out, 0.7..1.3 of the canon. */
    final double fingerSpread;
    /** A-pose arm angle below horizontal, 35..45 degrees, in radians. */
    final double aPoseAngle;
    /** Period of the walk cycle, about 0.92..1.14 s, longer for longer legs. */
    final double walkPeriod;
    /** Period of the idle loop, 2.4..2.8 s. */
    final double idlePeriod;

    Proportions(long seed) {
        SplitMix64 r = new SplitMix64(seed ^ STREAM);
        height = r.range(1.55f, 1.95f);
        double h = height;
        headScale = r.range(0.94f, 1.08f);
        girth = r.range(0.85f, 1.2f);
        shoulderHalfWidth = h * r.range(0.098f, 0.118f);
        hipHalfWidth = h * r.range(0.050f, 0.064f);
        double legRatio = r.range(0.47f, 0.51f);
        hipJointHeight = h * legRatio;
        upperArm = h * r.range(0.160f, 0.180f);
        foreArm = h * r.range(0.140f, 0.158f);
        hand = h * r.range(0.100f, 0.114f);
        footLength = h * r.range(0.140f, 0.158f);
        footWidth = r.range(0.9f, 1.15f);
        fingerSpread = r.range(0.7f, 1.3f);
        aPoseAngle = Math.toRadians(r.range(35f, 45f));
        walkPeriod = 1.03 * Math.sqrt(hipJointHeight / 0.86) + r.range(-0.03f, 0.03f);
        idlePeriod = r.range(2.4f, 2.8f);
    }
}
