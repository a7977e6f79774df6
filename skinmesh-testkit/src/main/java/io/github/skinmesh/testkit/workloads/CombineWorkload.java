package io.github.skinmesh.testkit.workloads;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.testkit.SplitMix64;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Workload {@code combine} (W-COMBINE-6): six skinned outfit parts over one 64-joint skeleton,
 * 61,452 vertices in all.
 *
 * <p>Part {@code p} is an icosphere of {@value #SUBDIVISIONS} subdivisions ({@value #PART_VERTICES}
 * vertices, {@value #PART_TRIANGLES} triangles) built from the 12-vertex icosahedron
 * {@code (+-1, +-t, 0), (0, +-1, +-t), (+-t, 0, +-1)} ({@code t} the golden ratio, normalized) and
 * its usual 20 faces; each subdivision turns triangle {@code (a, b, c)} into
 * {@code (a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)}, midpoints made in the order
 * {@code ab, bc, ca}, shared per edge and projected to the unit sphere. Positions are shifted by
 * {@code +3p} in x; normals are the unit positions. From SplitMix64 seed {@code 0xC0DE + p}: the
 * palette, 16 joints drawn by {@code int(0, 63)} without repeats (a repeat is drawn again), in
 * draw order; then per vertex 4 slots {@code int(0, 15)} with weights {@code nf() + 0.01}
 * divided by their sum, then {@code u = nf()}, {@code v = nf()} (TEXCOORD_0). Part {@code p} has
 * one material, {@code "m" + (p mod 2)}, so that combining gives two submeshes: {@code m1} differs
 * from {@code m0} in its base color factor ({@code (1, 0.5, 0.5, 1)}), so the two are different
 * materials and not one material under two names. Joints are named
 * {@code "joint" + j}; every inverse bind matrix is the identity. The workload leaves the hierarchy
 * open; {@link #skeleton()} makes every joint a root at the origin with the identity rest
 * transform, which is what identity inverse bind matrices at the rest pose imply.
 *
 * <p>The meshes are built once by {@link #create()}; they are immutable, so the workload may be
 * shared between threads.
 */
public final class CombineWorkload {
    /** Number of parts. */
    public static final int PARTS = 6;
    /** Joints of the skeleton the palettes draw from. */
    public static final int JOINTS = 64;
    /** Palette entries per part. */
    public static final int PALETTE = 16;
    /** Influences per vertex. */
    public static final int INFLUENCES = 4;
    /** Icosphere subdivisions. */
    public static final int SUBDIVISIONS = 5;
    /** Vertices per part. */
    public static final int PART_VERTICES = 10_242;
    /** Triangles per part. */
    public static final int PART_TRIANGLES = 20_480;
    /** Vertices of all parts. */
    public static final int VERTICES = PARTS * PART_VERTICES;
    /** First SplitMix64 seed; part {@code p} uses {@code SEED + p}. */
    public static final long SEED = 0xC0DEL;

    private static final int[] ICOSAHEDRON_FACES = {0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 0, 10, 11, 1, 5, 9, 5, 11,
        4, 11, 10, 2, 10, 7, 6, 7, 1, 8, 3, 9, 4, 3, 4, 2, 3, 2, 6, 3, 6, 8, 3, 8, 9, 4, 9, 5, 2, 4, 11, 6, 2, 10,
        8, 6, 7, 9, 8, 1};

    private final List<Mesh> parts;
    private final Skeleton skeleton;

    private CombineWorkload(List<Mesh> parts) {
        this.parts = List.copyOf(parts);
        Skeleton.Builder b = Skeleton.builder("combine");
        for (int j = 0; j < JOINTS; j++) {
            b.addBone("joint" + j, Skeleton.NO_PARENT);
        }
        this.skeleton = b.build();
    }

    /** @return the workload (about 4 MB of meshes) */
    public static CombineWorkload create() {
        Sphere sphere = icosphere(SUBDIVISIONS);
        List<Mesh> parts = new ArrayList<>(PARTS);
        for (int p = 0; p < PARTS; p++) {
            parts.add(part(p, sphere));
        }
        return new CombineWorkload(parts);
    }

    /** @return the six parts in order, read-only */
    public List<Mesh> parts() {
        return parts;
    }

    /** @return the {@value #JOINTS} joints the palettes name, each a root with the identity rest transform */
    public Skeleton skeleton() {
        return skeleton;
    }

    private static Mesh part(int p, Sphere sphere) {
        SplitMix64 rng = new SplitMix64(SEED + p);
        int[] palette = new int[PALETTE];
        boolean[] taken = new boolean[JOINTS];
        for (int e = 0; e < PALETTE; e++) {
            int j;
            do {
                j = rng.nextInt(0, JOINTS - 1);
            } while (taken[j]);
            taken[j] = true;
            palette[e] = j;
        }
        int n = sphere.positions.length / 3;
        int[] joints = new int[INFLUENCES * n];
        float[] weights = new float[INFLUENCES * n];
        float[] uv = new float[2 * n];
        for (int v = 0; v < n; v++) {
            float sum = 0;
            for (int s = 0; s < INFLUENCES; s++) {
                joints[INFLUENCES * v + s] = rng.nextInt(0, PALETTE - 1);
                weights[INFLUENCES * v + s] = rng.nf() + 0.01f;
                sum += weights[INFLUENCES * v + s];
            }
            for (int s = 0; s < INFLUENCES; s++) {
                weights[INFLUENCES * v + s] /= sum;
            }
            uv[2 * v] = rng.nf();
            uv[2 * v + 1] = rng.nf();
        }
        float[] positions = sphere.positions.clone();
        for (int v = 0; v < n; v++) {
            positions[3 * v] += 3 * p;
        }
        String[] names = new String[PALETTE];
        float[] ibm = new float[16 * PALETTE];
        for (int e = 0; e < PALETTE; e++) {
            names[e] = "joint" + palette[e];
            ibm[16 * e] = ibm[16 * e + 5] = ibm[16 * e + 10] = ibm[16 * e + 15] = 1;
        }
        return Mesh.builder("part" + p).positions(positions).normals(sphere.positions).addUvs(uv)
                .indices(sphere.indices).addMaterial(material(p % 2))
                .skin(Skin.of(names, ibm, BoneWeights.of(INFLUENCES, joints, weights))).build();
    }

    private static Material material(int id) {
        Material.Builder b = Material.builder("m" + id);
        if (id == 1) {
            b.baseColorFactor(1, 0.5f, 0.5f, 1);
        }
        return b.build();
    }

    /** Unit positions and triangles of an icosphere. */
    private record Sphere(float[] positions, int[] indices) {
    }

    private static Sphere icosphere(int subdivisions) {
        double t = (1 + Math.sqrt(5)) / 2;
        double[][] base = {{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t}, {0, -1, -t},
            {0, 1, -t}, {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
        List<double[]> points = new ArrayList<>();
        for (double[] b : base) {
            points.add(unit(b));
        }
        int[] faces = ICOSAHEDRON_FACES.clone();
        for (int level = 0; level < subdivisions; level++) {
            Map<Long, Integer> midpoints = new HashMap<>();
            int[] next = new int[faces.length * 4];
            for (int f = 0, o = 0; f < faces.length; f += 3, o += 12) {
                int a = faces[f];
                int b = faces[f + 1];
                int c = faces[f + 2];
                int ab = midpoint(points, midpoints, a, b);
                int bc = midpoint(points, midpoints, b, c);
                int ca = midpoint(points, midpoints, c, a);
                int[] four = {a, ab, ca, b, bc, ab, c, ca, bc, ab, bc, ca};
                System.arraycopy(four, 0, next, o, 12);
            }
            faces = next;
        }
        float[] positions = new float[3 * points.size()];
        for (int v = 0; v < points.size(); v++) {
            for (int k = 0; k < 3; k++) {
                positions[3 * v + k] = (float) points.get(v)[k];
            }
        }
        return new Sphere(positions, faces);
    }

    private static int midpoint(List<double[]> points, Map<Long, Integer> midpoints, int a, int b) {
        long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
        Integer index = midpoints.get(key);
        if (index == null) {
            double[] pa = points.get(a);
            double[] pb = points.get(b);
            index = points.size();
            points.add(unit(new double[] {pa[0] + pb[0], pa[1] + pb[1], pa[2] + pb[2]}));
            midpoints.put(key, index);
        }
        return index;
    }

    private static double[] unit(double[] p) {
        double l = Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
        return new double[] {p[0] / l, p[1] / l, p[2] / l};
    }
}
