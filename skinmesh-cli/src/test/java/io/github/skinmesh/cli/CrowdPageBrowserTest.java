package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.image.BufferedImage;
import io.github.skinmesh.vat.VatClip;
import io.github.skinmesh.vat.VatDecoder;
import io.github.skinmesh.vat.VatFiles;
import io.github.skinmesh.vat.crowd.CrowdFrames;
import io.github.skinmesh.vat.crowd.CrowdLoop;
import io.github.skinmesh.vat.crowd.CrowdOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crowd page in a real browser (headless Chromium rendering WebGL 2 on SwiftShader; skipped,
 * saying why, when no Chromium is installed): the characters are drawn, only inside the screen
 * rectangles their clips' bounds project to, and exactly where the library's decoder puts them;
 * they move between two times; a still frame is the same picture twice; the page frames the crowd,
 * shows its counts and frame rate, and says what is missing when WebGL 2 is off or the texture is
 * beyond the device.
 *
 * <p>The camera is placed through the URL ({@code eye=}, {@code target=}) and the expected screen
 * region computed here with a perspective of the documented 40 degrees: the union of the
 * projections of each instance's box (its clip's bounds from the manifest, moved by its transform
 * from {@code instances.json}), which holds every pose of the clip and every blend of two frames.
 */
class CrowdPageBrowserTest {
    static final int WIDTH = 800;
    static final int HEIGHT = 600;
    /** A pixel differs from the clear color when a channel differs by more than this (of 255). */
    static final int TOLERANCE = 2;
    /** Rasterization and antialiasing may touch pixels this far outside a projected rectangle. */
    static final int SLACK = 2;

    @TempDir
    static Path tmp;
    static HeadlessChromium chromium;
    static Path humanoid;
    static Path random;

    @BeforeAll
    static void writeTwoCrowds() throws IOException {
        chromium = HeadlessChromium.require(tmp.resolve("browser"));
        humanoid = tmp.resolve("humanoid");
        Cli.run("crowd", CrowdFixtures.humanoid(tmp), "--clip", "walk", "--clip", "idle", "--out", humanoid,
                "--instances", 24, "--quiet").assertOk();
        // eight influences, float texels, no normals (the page lights the faces instead)
        random = tmp.resolve("random");
        Cli.run("crowd", CrowdFixtures.write(tmp.resolve("random.glb"), CrowdFixtures.random(11, 6, 8, false)),
                "--clip", "random", "--out", random, "--instances", 30, "--encoding", "float", "--quiet").assertOk();
    }

    @Test
    void theHumanoidsAreDrawnWhereTheirBoundsProjectAndMove() throws IOException {
        drawnWhereTheBoundsProjectAndMoving(humanoid);
    }

    @Test
    void eightInfluencesFloatTexelsAndNoNormalsAreDrawnWhereTheirBoundsProjectAndMove() throws IOException {
        drawnWhereTheBoundsProjectAndMoving(random);
    }

    @Test
    void withItsOwnCameraAndAntialiasingAStillFrameIsTheSamePictureEveryTime() throws IOException {
        BufferedImage a = chromium.screenshot(humanoid.resolve(Crowd.PAGE), "t=0.5", WIDTH, HEIGHT);
        BufferedImage b = chromium.screenshot(humanoid.resolve(Crowd.PAGE), "t=0.5", WIDTH, HEIGHT);
        assertThat(differing(a, b)).isZero();
        // the page frames the crowd: drawn pixels span much of the window, and none touches its border
        int x0 = WIDTH;
        int x1 = -1;
        long drawn = 0;
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                if (!(x < CrowdPage.HUD_RIGHT && y < CrowdPage.HUD_BOTTOM) && !isClear(a.getRGB(x, y))) {
                    drawn++;
                    x0 = Math.min(x0, x);
                    x1 = Math.max(x1, x);
                    assertThat(x > 0 && y > 0 && x < WIDTH - 1 && y < HEIGHT - 1).as("(%d, %d) on the border", x, y)
                            .isTrue();
                }
            }
        }
        assertThat(drawn).isGreaterThan(5000);
        assertThat(x1 - x0).isGreaterThan(WIDTH / 3);
    }

    @Test
    void thePageShowsTheInstanceCountAndTheFrameRate() throws IOException {
        Path page = humanoid.resolve(Crowd.PAGE);
        String still = chromium.dumpDom(page, "t=0.25", WIDTH, HEIGHT);
        requireWebGl2(still);
        assertThat(attribute(still, "body", "data-state")).isEqualTo("drawing");
        assertThat(text(still, "count")).isEqualTo("24 instances, one instanced draw, 2 clips");
        assertThat(text(still, "detail")).matches("\\d+ triangles each; bones 159x111 half");
        assertThat(text(still, "fps")).isEqualTo("still frame at t = 0.25 s");
        // animated: the counter says "measuring fps" until half a second has passed, then the rate
        String animated = chromium.dumpDom(page, "", WIDTH, HEIGHT, "--virtual-time-budget=3000");
        String state = attribute(animated, "body", "data-state");
        assertThat(state).isIn("loading", "drawing");
        double time = state.equals("drawing") ? Double.parseDouble(attribute(animated, "canvas", "data-time")) : 0;
        assertThat(text(animated, "fps")).matches(time >= 0.5 ? "\\d+\\.\\d fps" : "measuring fps");
    }

    /**
     * The page and the Java crowd palettes agree on the clip table's loop convention: one instance
     * of the walk baked at 4 fps (a last interval much shorter than 1/4 s), drawn by the page at a
     * page time whose clip time lies in that last interval and at one a quarter frame past the end
     * of the period, matches the silhouette of the mesh skinned with {@code vat.crowd}'s palettes
     * ({@link CrowdLoop#WRAP}, as the page repeats every clip) at the same times. A page that
     * blended the last frame towards frame 0, or wrapped at {@code frames / fps}, would show the
     * walk a large part of a 0.25 s step away.
     */
    @Test
    void aLoopsLastIntervalAndItsWrapAreDrawnAsTheCrowdPalettesBlendThem() throws IOException {
        Path one = tmp.resolve("one");
        Cli.run("crowd", CrowdFixtures.humanoid(tmp), "--clip", "walk", "--out", one, "--instances", 1, "--fps", 4,
                "--encoding", "float", "--quiet").assertOk();
        Camera camera = camera(one);
        Path page = one.resolve(Crowd.PAGE);
        requireWebGl2(chromium.dumpDom(page, camera.fragment(0.25), WIDTH, HEIGHT));
        float[] instance = CrowdFixtures.floats(CrowdFixtures.data(CrowdFixtures.page(one), "instances"));
        VatClip walk = VatFiles.read(one).manifest().clips().get(0);
        float d = walk.duration();
        float before = (walk.frames() - 2) / walk.fps();
        assertThat(d - before).as("the last interval").isGreaterThan(0).isLessThan(0.2f);
        float phase = instance[13];
        float speed = instance[14];
        for (double clipTime : new double[] {before + 0.5 * (d - before), d + 0.25 / walk.fps()}) {
            // a page time a whole period later, so that it is positive whatever the phase
            double t = (clipTime + d - phase) / speed;
            BufferedImage shot = chromium.screenshot(page, camera.fragment(t) + "&aa=0", WIDTH, HEIGHT);
            boolean[] expected = paletteSilhouettes(one, camera, t);
            long covered = 0;
            long differing = 0;
            for (int y = 0; y < HEIGHT; y++) {
                for (int x = 0; x < WIDTH; x++) {
                    if (x < CrowdPage.HUD_RIGHT && y < CrowdPage.HUD_BOTTOM) {
                        continue;
                    }
                    boolean drawn = !isClear(shot.getRGB(x, y));
                    covered += expected[y * WIDTH + x] ? 1 : 0;
                    differing += drawn != expected[y * WIDTH + x] ? 1 : 0;
                }
            }
            assertThat(covered).as("silhouette pixels at clip time %s", clipTime).isGreaterThan(1000);
            assertThat(differing).as("pixels drawn xor covered by the palettes' silhouette at clip time %s (of %d)",
                    clipTime, covered).isLessThanOrEqualTo(covered / 50);
            // the comparison sees half a frame: the palettes' silhouette 0.125 s of clip time later differs more
            boolean[] later = paletteSilhouettes(one, camera, t + 0.125 / speed);
            long moved = 0;
            for (int y = 0; y < HEIGHT; y++) {
                for (int x = 0; x < WIDTH; x++) {
                    if (!(x < CrowdPage.HUD_RIGHT && y < CrowdPage.HUD_BOTTOM)) {
                        moved += !isClear(shot.getRGB(x, y)) != later[y * WIDTH + x] ? 1 : 0;
                    }
                }
            }
            assertThat(moved).as("pixels drawn xor covered half a frame later").isGreaterThan(covered / 50);
        }
    }

    /** The one-instance crowd at page time {@code t}, skinned with {@code vat.crowd}'s float palettes. */
    private static boolean[] paletteSilhouettes(Path crowd, Camera camera, double t) throws IOException {
        String page = CrowdFixtures.page(crowd);
        JsonNode mesh = CrowdFixtures.meta(page).get("mesh");
        int n = mesh.get("vertices").asInt();
        int k = mesh.get("influences").asInt();
        float[] positions = CrowdFixtures.floats(CrowdFixtures.data(page, "positions"));
        float[] weights = CrowdFixtures.floats(CrowdFixtures.data(page, "weights"));
        int[] joints = unsigned(CrowdFixtures.data(page, "joints"), mesh.get("jointBytes").asInt());
        int[] indices = unsigned(CrowdFixtures.data(page, "indices"), mesh.get("indexBytes").asInt());
        float[] instance = CrowdFixtures.floats(CrowdFixtures.data(page, "instances"));
        CrowdFrames frames = CrowdFrames.of(VatFiles.read(crowd));
        io.github.skinmesh.vat.crowd.Crowd java = io.github.skinmesh.vat.crowd.Crowd.create(frames, 1,
                CrowdOptions.DEFAULTS);
        java.setInstance(0, (int) instance[12], instance[13], instance[14]);
        java.setLoop(0, CrowdLoop.WRAP);
        float[] palette = new float[12 * frames.boneCount()];
        java.palettesInto(1, (float) t, palette, 0); // the page's time is a float
        Rasterizer raster = new Rasterizer(WIDTH, HEIGHT, 0);
        double[] screen = new double[2 * n];
        for (int v = 0; v < n; v++) {
            double[] model = new double[3];
            for (int j = 0; j < k; j++) {
                float w = weights[k * v + j];
                int m = 12 * joints[k * v + j];
                for (int row = 0; row < 3; row++) {
                    model[row] += w * (palette[m + 4 * row] * positions[3 * v] + palette[m + 4 * row + 1]
                            * positions[3 * v + 1] + palette[m + 4 * row + 2] * positions[3 * v + 2]
                            + palette[m + 4 * row + 3]);
                }
            }
            double[] world = new double[3];
            for (int row = 0; row < 3; row++) {
                world[row] = instance[4 * row] * model[0] + instance[4 * row + 1] * model[1]
                        + instance[4 * row + 2] * model[2] + instance[4 * row + 3];
            }
            double[] s = camera.project(world);
            screen[2 * v] = s[0];
            screen[2 * v + 1] = s[1];
        }
        for (int tri = 0; tri < indices.length; tri += 3) {
            int va = indices[tri];
            int vb = indices[tri + 1];
            int vc = indices[tri + 2];
            raster.fillTriangle((float) screen[2 * va], (float) screen[2 * va + 1], 0, (float) screen[2 * vb],
                    (float) screen[2 * vb + 1], 0, (float) screen[2 * vc], (float) screen[2 * vc + 1], 0, 0xffffff);
        }
        byte[] rgba = raster.rgba();
        boolean[] covered = new boolean[WIDTH * HEIGHT];
        for (int i = 0; i < covered.length; i++) {
            covered[i] = rgba[4 * i] != 0;
        }
        return covered;
    }

    @Test
    void withoutWebGl2ThePageSaysSo() throws IOException {
        String dom = chromium.dumpDom(humanoid.resolve(Crowd.PAGE), "t=0.25", WIDTH, HEIGHT, "--disable-3d-apis");
        assertThat(attribute(dom, "body", "data-state")).isEqualTo("error");
        assertThat(text(dom, "message")).startsWith("WebGL 2 is not available in this browser");
    }

    @Test
    void aTextureBeyondTheDevicesLimitIsReportedWithTheNumbers() throws IOException {
        // 9001 rows: more than SwiftShader's 8192, within what some GPUs allow
        Path tall = tmp.resolve("tall");
        Cli.run("crowd", CrowdFixtures.write(tmp.resolve("tall.glb"), CrowdFixtures.random(12, 3, 4, true)),
                "--clip", "random", "--out", tall, "--instances", 4, "--fps", 9000, "--quiet").assertOk();
        String dom = chromium.dumpDom(tall.resolve(Crowd.PAGE), "t=0.25", WIDTH, HEIGHT);
        skipWithoutWebGl2(dom);
        if (attribute(dom, "body", "data-state").equals("drawing")) {
            return; // this device's MAX_TEXTURE_SIZE holds 9001 rows
        }
        Matcher m = Pattern.compile("The bones texture is 9 x 9001 texels, larger than this device's WebGL 2 limit of"
                + " (\\d+) \\(MAX_TEXTURE_SIZE; every WebGL 2 device allows 2048\\)").matcher(text(dom, "message"));
        assertThat(m.find()).as("message: %s", text(dom, "message")).isTrue();
        assertThat(Integer.parseInt(m.group(1))).isBetween(2048, 9000);
    }

    // --- the drawing checks

    private static void drawnWhereTheBoundsProjectAndMoving(Path crowd) throws IOException {
        Camera camera = camera(crowd);
        Path page = crowd.resolve(Crowd.PAGE);
        requireWebGl2(chromium.dumpDom(page, camera.fragment(0.3), WIDTH, HEIGHT));
        BufferedImage early = chromium.screenshot(page, camera.fragment(0.3) + "&aa=0", WIDTH, HEIGHT);
        BufferedImage late = chromium.screenshot(page, camera.fragment(0.8) + "&aa=0", WIDTH, HEIGHT);
        List<int[]> boxes = camera.instanceRectangles();
        for (BufferedImage shot : List.of(early, late)) {
            long inside = 0;
            long area = 0;
            for (int y = 0; y < HEIGHT; y++) {
                for (int x = 0; x < WIDTH; x++) {
                    boolean underHud = x < CrowdPage.HUD_RIGHT && y < CrowdPage.HUD_BOTTOM;
                    boolean inABox = anyContains(boxes, x, y, 0);
                    boolean nearABox = anyContains(boxes, x, y, SLACK);
                    boolean drawn = !isClear(shot.getRGB(x, y));
                    if (inABox && !underHud) {
                        area++;
                        inside += drawn ? 1 : 0;
                    }
                    if (drawn && !underHud) {
                        assertThat(nearABox).as("pixel (%d, %d) is drawn outside every instance's projected bounds",
                                x, y).isTrue();
                    }
                }
            }
            assertThat(inside).as("pixels drawn inside the projected bounds, of %d", area).isGreaterThan(area / 30);
            for (int[] r : boxes) {
                assertThat(drawnIn(shot, r)).as("pixels drawn in %s", java.util.Arrays.toString(r)).isPositive();
            }
        }
        assertThat(differing(early, late)).as("pixels that change between t = 0.3 s and 0.8 s").isGreaterThan(200);
        matchesTheDecodersPicture(crowd, camera, early, 0.3f);
        matchesTheDecodersPicture(crowd, camera, late, 0.8f);
    }

    /**
     * Compares the browser's picture, drawn without antialiasing, with the silhouettes of the same
     * crowd posed here with the library's {@link VatDecoder} (the Java mirror of the shader
     * functions): from the page's own data, each instance at its clip time, the two frames around it
     * skinned and blended as the page documents, moved by its transform, projected and filled with
     * the project's rasterizer (a pixel is covered when a triangle covers its centre, as on the GPU).
     * The two may differ only where an edge passes a pixel centre within float rounding: at most 1%
     * of the pixels (0.4-0.6% here; blending one frame too late gives 2%, swapped weights more).
     */
    private static void matchesTheDecodersPicture(Path crowd, Camera camera, BufferedImage shot, float t)
            throws IOException {
        boolean[] expected = silhouettes(crowd, camera, t);
        long expectedCount = 0;
        long drawnCount = 0;
        long differing = 0;
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                if (x < CrowdPage.HUD_RIGHT && y < CrowdPage.HUD_BOTTOM) {
                    continue;
                }
                boolean drawn = !isClear(shot.getRGB(x, y));
                boolean covered = expected[y * WIDTH + x];
                expectedCount += covered ? 1 : 0;
                drawnCount += drawn ? 1 : 0;
                differing += drawn != covered ? 1 : 0;
            }
        }
        assertThat(expectedCount).as("silhouette pixels").isGreaterThan(1000);
        assertThat(differing).as("pixels drawn xor covered by the decoder's silhouettes (%d drawn, %d covered)",
                drawnCount, expectedCount).isLessThanOrEqualTo(expectedCount / 100);
    }

    /** The crowd at page time {@code t}, posed with the decoder from the page's data: covered pixels. */
    static boolean[] silhouettes(Path crowd, Camera camera, float t) throws IOException {
        String page = CrowdFixtures.page(crowd);
        JsonNode mesh = CrowdFixtures.meta(page).get("mesh");
        VatDecoder decoder = VatFiles.read(crowd);
        int n = mesh.get("vertices").asInt();
        int k = mesh.get("influences").asInt();
        float[] positions = CrowdFixtures.floats(CrowdFixtures.data(page, "positions"));
        float[] weights = CrowdFixtures.floats(CrowdFixtures.data(page, "weights"));
        int[] joints = unsigned(CrowdFixtures.data(page, "joints"), mesh.get("jointBytes").asInt());
        int[] indices = unsigned(CrowdFixtures.data(page, "indices"), mesh.get("indexBytes").asInt());
        float[] instances = CrowdFixtures.floats(CrowdFixtures.data(page, "instances"));
        Rasterizer raster = new Rasterizer(WIDTH, HEIGHT, 0);
        float[] p0 = new float[3];
        float[] p1 = new float[3];
        double[] screen = new double[2 * n];
        for (int i = 0; i < instances.length / 16; i++) {
            int at = 16 * i;
            int clip = (int) instances[at + 12];
            var c = decoder.manifest().clips().get(clip);
            int f0 = 0;
            int f1 = 0;
            float a = 0;
            if (c.frames() > 1) {
                float time = instances[at + 13] + instances[at + 14] * t;
                time = time - c.duration() * (float) Math.floor(time / c.duration());
                f0 = Math.min((int) Math.floor(time * c.fps()), c.frames() - 2);
                f1 = f0 + 1;
                float t0 = f0 / c.fps();
                float t1 = f1 == c.frames() - 1 ? c.duration() : f1 / c.fps();
                a = Math.max(0, Math.min(1, (time - t0) / Math.max(t1 - t0, 1e-6f)));
            }
            for (int v = 0; v < n; v++) {
                decoder.skinInto(clip, f0, positions[3 * v], positions[3 * v + 1], positions[3 * v + 2], joints, weights,
                        k * v, k, p0, 0);
                decoder.skinInto(clip, f1, positions[3 * v], positions[3 * v + 1], positions[3 * v + 2], joints, weights,
                        k * v, k, p1, 0);
                double[] world = new double[3];
                for (int row = 0; row < 3; row++) {
                    double sum = instances[at + 4 * row + 3];
                    for (int col = 0; col < 3; col++) {
                        sum += instances[at + 4 * row + col] * (p0[col] + a * (p1[col] - p0[col]));
                    }
                    world[row] = sum;
                }
                double[] s = camera.project(world);
                screen[2 * v] = s[0];
                screen[2 * v + 1] = s[1];
            }
            for (int tri = 0; tri < indices.length; tri += 3) {
                int va = indices[tri];
                int vb = indices[tri + 1];
                int vc = indices[tri + 2];
                raster.fillTriangle((float) screen[2 * va], (float) screen[2 * va + 1], 0, (float) screen[2 * vb],
                        (float) screen[2 * vb + 1], 0, (float) screen[2 * vc], (float) screen[2 * vc + 1], 0, 0xffffff);
            }
        }
        byte[] rgba = raster.rgba();
        boolean[] covered = new boolean[WIDTH * HEIGHT];
        for (int i = 0; i < covered.length; i++) {
            covered[i] = rgba[4 * i] != 0;
        }
        return covered;
    }

    private static int[] unsigned(byte[] bytes, int width) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int[] out = new int[bytes.length / width];
        for (int i = 0; i < out.length; i++) {
            out[i] = width == 1 ? b.get() & 0xff : width == 2 ? b.getShort() & 0xffff : b.getInt();
        }
        return out;
    }

    /** The page's camera as the test places it: looking at the crowd's box from above and aside. */
    record Camera(double[] eye, double[] target, List<double[][]> instanceCorners) {
        String fragment(double t) {
            return String.format(Locale.ROOT, "t=%s&eye=%.6f,%.6f,%.6f&target=%.6f,%.6f,%.6f", t, eye[0], eye[1], eye[2],
                    target[0], target[1], target[2]);
        }

        /** @return the pixel coordinates (x right, y down, pixel centres at .5) of a world point */
        double[] project(double[] point) {
            double[] z = normalize(sub(eye, target));
            double[] x = normalize(cross(new double[] {0, 1, 0}, z));
            double[] y = cross(z, x);
            double f = 1 / Math.tan(Math.toRadians(40) / 2);
            double aspect = (double) WIDTH / HEIGHT;
            double[] v = sub(point, eye);
            double depth = -dot(v, z);
            assertThat(depth).as("every point is in front of the camera").isPositive();
            return new double[] {(f / aspect * dot(v, x) / depth + 1) / 2 * WIDTH, (1 - f * dot(v, y) / depth) / 2 * HEIGHT};
        }

        /** @return per instance the pixel rectangle {x0, y0, x1, y1} its box's corners project into */
        List<int[]> instanceRectangles() {
            List<int[]> out = new ArrayList<>();
            for (double[][] corners : instanceCorners) {
                double x0 = Double.POSITIVE_INFINITY;
                double y0 = Double.POSITIVE_INFINITY;
                double x1 = Double.NEGATIVE_INFINITY;
                double y1 = Double.NEGATIVE_INFINITY;
                for (double[] c : corners) {
                    double[] s = project(c);
                    double sx = s[0];
                    double sy = s[1];
                    x0 = Math.min(x0, sx);
                    y0 = Math.min(y0, sy);
                    x1 = Math.max(x1, sx);
                    y1 = Math.max(y1, sy);
                }
                out.add(new int[] {(int) Math.floor(x0), (int) Math.floor(y0), (int) Math.ceil(x1), (int) Math.ceil(y1)});
            }
            return out;
        }
    }

    /** Every instance's box in world space, and a camera that sees all of them. */
    static Camera camera(Path crowd) throws IOException {
        JsonNode manifest = CrowdFixtures.json(crowd.resolve("manifest.json"));
        JsonNode instances = CrowdFixtures.json(crowd.resolve(Crowd.INSTANCES)).get("instances");
        List<double[][]> all = new ArrayList<>();
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (JsonNode i : instances) {
            JsonNode bounds = manifest.get("clips").get(i.get("clip").asInt()).get("bounds");
            JsonNode m = i.get("transform");
            double[][] corners = new double[8][];
            for (int k = 0; k < 8; k++) {
                double[] p = new double[3];
                for (int a = 0; a < 3; a++) {
                    p[a] = bounds.get((k >> a & 1) == 0 ? "min" : "max").get(a).asDouble();
                }
                double[] w = new double[3];
                for (int row = 0; row < 3; row++) {
                    w[row] = m.get(4 * row).asDouble() * p[0] + m.get(4 * row + 1).asDouble() * p[1]
                            + m.get(4 * row + 2).asDouble() * p[2] + m.get(4 * row + 3).asDouble();
                    lo[row] = Math.min(lo[row], w[row]);
                    hi[row] = Math.max(hi[row], w[row]);
                }
                corners[k] = w;
            }
            all.add(corners);
        }
        double[] target = {(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2};
        double radius = Math.sqrt(dot(sub(hi, lo), sub(hi, lo))) / 2;
        double distance = radius / Math.sin(Math.toRadians(20)) * 1.05;
        double yaw = 0.5;
        double pitch = 0.5;
        double[] eye = {target[0] + distance * Math.cos(pitch) * Math.sin(yaw), target[1] + distance * Math.sin(pitch),
            target[2] + distance * Math.cos(pitch) * Math.cos(yaw)};
        return new Camera(eye, target, all);
    }

    /** Skips when this browser renders no WebGL 2 headless at all (a missing GPU stack, not the page's fault). */
    private static void skipWithoutWebGl2(String dom) {
        assumeFalse(attribute(dom, "body", "data-state").equals("error")
                && text(dom, "message").startsWith("WebGL 2 is not available"),
                "this Chromium offers no WebGL 2 headless (SwiftShader missing?)");
    }

    /** Skips as {@link #skipWithoutWebGl2}, then requires the page to be drawing. */
    private static void requireWebGl2(String dom) {
        skipWithoutWebGl2(dom);
        assertThat(attribute(dom, "body", "data-state")).as("the page's state; message: %s", text(dom, "message"))
                .isEqualTo("drawing");
    }

    private static boolean isClear(int argb) {
        int c = CrowdPage.CLEAR_RGB;
        return Math.abs((argb >> 16 & 0xff) - (c >> 16 & 0xff)) <= TOLERANCE
                && Math.abs((argb >> 8 & 0xff) - (c >> 8 & 0xff)) <= TOLERANCE
                && Math.abs((argb & 0xff) - (c & 0xff)) <= TOLERANCE;
    }

    private static boolean anyContains(List<int[]> rectangles, int x, int y, int slack) {
        for (int[] r : rectangles) {
            if (contains(r, x, y, slack)) {
                return true;
            }
        }
        return false;
    }

    private static boolean contains(int[] r, int x, int y, int slack) {
        return x >= r[0] - slack && x <= r[2] + slack && y >= r[1] - slack && y <= r[3] + slack;
    }

    private static long drawnIn(BufferedImage shot, int[] r) {
        long n = 0;
        for (int y = Math.max(0, r[1]); y <= Math.min(HEIGHT - 1, r[3]); y++) {
            for (int x = Math.max(0, r[0]); x <= Math.min(WIDTH - 1, r[2]); x++) {
                boolean underHud = x < CrowdPage.HUD_RIGHT && y < CrowdPage.HUD_BOTTOM;
                n += !underHud && !isClear(shot.getRGB(x, y)) ? 1 : 0;
            }
        }
        return n;
    }

    private static long differing(BufferedImage a, BufferedImage b) {
        long n = 0;
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                n += (a.getRGB(x, y) & 0xffffff) != (b.getRGB(x, y) & 0xffffff) ? 1 : 0;
            }
        }
        return n;
    }

    /** @return the value of an attribute of the first element with that tag in a DOM dump */
    static String attribute(String dom, String tag, String name) {
        Matcher m = Pattern.compile("<" + tag + "\\b[^>]*\\b" + name + "=\"([^\"]*)\"").matcher(dom);
        return m.find() ? m.group(1) : "";
    }

    /** @return the text of the element with that id in a DOM dump, entities decoded */
    static String text(String dom, String id) {
        Matcher m = Pattern.compile("<div id=\"" + id + "\">([^<]*)</div>").matcher(dom);
        return m.find() ? m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&") : "";
    }

    private static double[] sub(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static double[] normalize(double[] v) {
        double l = Math.sqrt(dot(v, v));
        return new double[] {v[0] / l, v[1] / l, v[2] / l};
    }
}
