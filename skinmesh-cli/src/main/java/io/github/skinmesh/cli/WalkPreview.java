package io.github.skinmesh.cli;

import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import java.util.Locale;
import java.util.Map;

/**
 * The demo's picture: {@value #PANELS} phases of a clip side by side, each posed by core's
 * {@link CharacterPoser} and drawn by the {@link Rasterizer}, so there is something to look at
 * besides numbers.
 *
 * <p>Frame {@code k} (0 to {@value #PANELS}-1) shows the pose at {@code k * duration / PANELS}: the
 * phases of a cycle, evenly spaced. View: orthographic, from the character's right side (the camera
 * on -X looking along +X, +Y up, so +Z, the glTF front, points right; a glTF character's left is
 * +X). One scale for every panel
 * fits the tallest and the longest pose between margins of {@value #MARGIN} pixels; panel {@code k}
 * spans pixels {@code [k*PANEL_WIDTH, (k+1)*PANEL_WIDTH)}, centered on its pose's z extent, with the
 * lowest point of all poses on row {@code HEIGHT - MARGIN}, where a ground line is drawn. A model
 * point {@code (x, y, z)} of frame {@code k} is drawn at pixel coordinates
 * {@code (k*PANEL_WIDTH + PANEL_WIDTH/2 + (z - centerZ_k) * scale, HEIGHT - MARGIN - (y - minY) * scale)}
 * at depth {@code x}. Triangles are flat-shaded (Lambert, from their posed face normal turned
 * towards the camera, plus ambient light), one color per part chosen by its name.
 *
 * <p>Deterministic: the drawing is float arithmetic only, so the same posed vertices give the same
 * pixels on every Java runtime, and the PNG bytes are the same on a given runtime (see the testkit's
 * PNG encoder). The posed vertices are the poser's: they follow its skinning kernel's results.
 */
final class WalkPreview {
    /** Phases shown. */
    static final int PANELS = 6;
    /** Width of one phase's panel, pixels. */
    static final int PANEL_WIDTH = 160;
    /** Image height, pixels. */
    static final int HEIGHT = 280;
    /** Free pixels above the tallest pose, below the ground line and beside the longest pose. */
    static final int MARGIN = 12;
    /** Background color. */
    static final int BACKGROUND = 0xF2F2F2;
    /** Ground line color. */
    static final int GROUND = 0xAAAAAA;
    /** Share of the part color lit whatever the light. */
    private static final float AMBIENT = 0.3f;
    /** Direction towards the light, unit length: from the camera's side, above and in front. */
    private static final float LIGHT_X = -0.5547002f;
    private static final float LIGHT_Y = 0.6933752f;
    private static final float LIGHT_Z = 0.4160251f;
    /** Colors of the parts of the testkit's humanoid, by part name. */
    private static final Map<String, Integer> PART_COLORS = Map.of("hair", 0x4A3526, "head", 0xE0B89A,
            "torso", 0x3D6FB6, "legs", 0x2F3A4F, "hands", 0xC9A27E, "shoes", 0x3B2A20);
    /** Colors of other parts, by part index. */
    private static final int[] OTHER_COLORS = {0xB65A3D, 0x3DB68F, 0x8F3DB6, 0xB6A83D, 0x3D8FB6, 0xB63D6F};

    /**
     * The picture.
     *
     * @param width pixels, {@code PANELS * PANEL_WIDTH}
     * @param height pixels, {@link #HEIGHT}
     * @param rgba {@code 4*width*height} bytes, rows top to bottom
     * @param times the pose time of each panel, seconds
     * @param scale pixels per model unit
     * @param minY the lowest model y of all poses (on the ground line)
     * @param centerZ per panel, the middle of its pose's z extent
     */
    record Picture(int width, int height, byte[] rgba, float[] times, float scale, float minY, float[] centerZ) {
        /** @return the picture as PNG */
        byte[] png() {
            return Png.encodeRgba8(width, height, rgba);
        }
    }

    private WalkPreview() {
    }

    /** @return the pose time of panel {@code k}: {@code k * duration / PANELS} */
    static float time(AnimationClip clip, int k) {
        return k * clip.duration() / PANELS;
    }

    /**
     * Poses and draws the character.
     *
     * @param character the character
     * @param clip the clip whose phases are shown
     * @return the picture
     */
    static Picture render(Character character, AnimationClip clip) {
        CharacterPoser poser = CharacterPoser.bind(character, clip);
        PosedVertices posed = poser.newOutput();
        int parts = poser.partCount();
        float[][][] frames = new float[PANELS][parts][];
        float[] times = new float[PANELS];
        Bounds all = Bounds.EMPTY;
        float[] centerZ = new float[PANELS];
        float longest = 0;
        for (int k = 0; k < PANELS; k++) {
            times[k] = time(clip, k);
            poser.poseInto(times[k], posed);
            for (int p = 0; p < parts; p++) {
                frames[k][p] = posed.positions(p).clone();
            }
            Bounds b = posed.bounds();
            all = all.union(b);
            centerZ[k] = (b.minZ() + b.maxZ()) / 2;
            longest = Math.max(longest, b.maxZ() - b.minZ());
        }
        float tall = all.maxY() - all.minY();
        float scale = Math.min((HEIGHT - 2f * MARGIN) / tall, (PANEL_WIDTH - 2f * MARGIN) / longest);
        int width = PANELS * PANEL_WIDTH;
        Rasterizer r = new Rasterizer(width, HEIGHT, BACKGROUND);
        int ground = HEIGHT - MARGIN;
        for (int k = 0; k < PANELS; k++) {
            int left = k * PANEL_WIDTH;
            r.clip(left, 0, left + PANEL_WIDTH, HEIGHT);
            r.row(ground, GROUND);
            float originX = left + PANEL_WIDTH / 2f;
            for (int p = 0; p < parts; p++) {
                Mesh mesh = poser.posedMesh(p);
                int color = color(poser.part(p).name(), p);
                draw(r, mesh, frames[k][p], originX, centerZ[k], ground, all.minY(), scale, color);
            }
        }
        return new Picture(width, HEIGHT, r.rgba(), times, scale, all.minY(), centerZ);
    }

    private static void draw(Rasterizer r, Mesh mesh, float[] xyz, float originX, float centerZ, int ground,
            float minY, float scale, int color) {
        int triangles = mesh.indexCount() / 3;
        for (int t = 0; t < triangles; t++) {
            int a = 3 * mesh.index(3 * t);
            int b = 3 * mesh.index(3 * t + 1);
            int c = 3 * mesh.index(3 * t + 2);
            float ux = xyz[b] - xyz[a];
            float uy = xyz[b + 1] - xyz[a + 1];
            float uz = xyz[b + 2] - xyz[a + 2];
            float vx = xyz[c] - xyz[a];
            float vy = xyz[c + 1] - xyz[a + 1];
            float vz = xyz[c + 2] - xyz[a + 2];
            float nx = uy * vz - uz * vy;
            float ny = uz * vx - ux * vz;
            float nz = ux * vy - uy * vx;
            float length = (float) Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(length > 0f)) {
                continue;
            }
            float lambert = (nx * LIGHT_X + ny * LIGHT_Y + nz * LIGHT_Z) / length;
            if (nx > 0f) {
                lambert = -lambert; // the face turned away from the camera: light its other side
            }
            float light = AMBIENT + (1f - AMBIENT) * Math.max(0f, lambert);
            r.fillTriangle(x(xyz, a, originX, centerZ, scale), y(xyz, a, ground, minY, scale), xyz[a],
                    x(xyz, b, originX, centerZ, scale), y(xyz, b, ground, minY, scale), xyz[b],
                    x(xyz, c, originX, centerZ, scale), y(xyz, c, ground, minY, scale), xyz[c], shade(color, light));
        }
    }

    private static float x(float[] xyz, int v, float originX, float centerZ, float scale) {
        return originX + (xyz[v + 2] - centerZ) * scale;
    }

    private static float y(float[] xyz, int v, int ground, float minY, float scale) {
        return ground - (xyz[v + 1] - minY) * scale;
    }

    private static int shade(int rgb, float light) {
        int out = 0;
        for (int shift = 16; shift >= 0; shift -= 8) {
            int c = (int) (((rgb >>> shift) & 0xFF) * light + 0.5f);
            out |= Math.min(255, c) << shift;
        }
        return out;
    }

    /** @return the part's color: the humanoid's by name, else one of a fixed list by index */
    static int color(String partName, int index) {
        Integer c = PART_COLORS.get(partName.toLowerCase(Locale.ROOT));
        return c != null ? c : OTHER_COLORS[index % OTHER_COLORS.length];
    }
}
