package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.atlas.UvTransform;
import io.github.skinmesh.atlas.VOrigin;
import io.github.skinmesh.atlas.image.CompositeOptions;
import io.github.skinmesh.atlas.image.CompositeResult;
import io.github.skinmesh.atlas.image.Compositor;
import io.github.skinmesh.atlas.image.ImageSize;
import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.atlas.pack.PackInput;
import io.github.skinmesh.atlas.pack.PackOptions;
import io.github.skinmesh.atlas.pack.PackPage;
import io.github.skinmesh.atlas.pack.PackResult;
import io.github.skinmesh.atlas.pack.Packing;
import io.github.skinmesh.atlas.pack.PageSizing;
import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.ValidationException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh atlas}: packs PNG images into one atlas page and writes the layout as JSON beside it
 * (the format is the project's atlas layout document).
 */
@Command(name = "atlas", mixinStandardHelpOptions = true,
        description = {"Packs PNG images into one atlas image and writes the layout (the rectangle of every input) as "
            + "JSON beside it: ATLAS.json for --out ATLAS.png.",
            "Each image is copied into its rectangle and the padding around it filled by extending its edges (half "
            + "the padding on each side), so bilinear filtering and mip levels do not mix neighbours. Identical files "
            + "share one rectangle. Images are never scaled: one larger than --max-size, or a set that does not fit "
            + "one page, is an error naming the image."})
final class AtlasCommand implements Callable<Integer> {
    /** Version of the layout JSON, a public format: the project's atlas layout document. */
    static final int LAYOUT_FORMAT_VERSION = 1;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0..*", arity = "1..*", paramLabel = "IMAGE", description = "A PNG image to pack.")
    List<Path> images;

    @Option(names = "--out", paramLabel = "ATLAS.png", required = true,
            description = "The atlas image (a .png name); the layout goes beside it with .json in place of .png.")
    Path out;

    @Option(names = "--max-size", paramLabel = "S", defaultValue = "4096",
            description = "Largest width and height of the atlas, 1.." + Png.MAX_DIMENSION + " (default: ${DEFAULT-VALUE}).")
    int maxSize;

    @Option(names = "--padding", paramLabel = "P", defaultValue = "4",
            description = "Texels between two images, 0.." + PackOptions.MAX_PADDING + "; each image's edges are "
                + "extended into P/2 of them (default: ${DEFAULT-VALUE}).")
    int padding;

    @Option(names = "--pot", description = "Make the atlas's width and height powers of two.")
    boolean pot;

    @Option(names = "--block", paramLabel = "B", defaultValue = "1",
            description = "Align every rectangle to B x B texel blocks (4 for BC and ETC compression), 1.."
                + PackOptions.MAX_BLOCK + " (default: ${DEFAULT-VALUE}).")
    int block;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        if (!out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new CommandLine.ParameterException(cl, "--out: " + out + ", expected a .png name");
        }
        Inputs.requireRange(cl, "--max-size", maxSize, 1, Png.MAX_DIMENSION);
        Inputs.requireRange(cl, "--padding", padding, 0, PackOptions.MAX_PADDING);
        Inputs.requireRange(cl, "--block", block, 1, PackOptions.MAX_BLOCK);
        Path layout = layoutPath(out);
        Outputs outputs = new Outputs(images);
        outputs.checkTargets(out, layout);

        List<PixelImage> decoded = new ArrayList<>();
        List<PackInput> inputs = new ArrayList<>();
        for (Path file : images) {
            byte[] bytes = Inputs.readFile(file, "a PNG image");
            PixelImage image = Png.decode(file.toString(), bytes);
            decoded.add(image);
            inputs.add(new PackInput(file.toString(), image.width(), image.height(), Inputs.sha256(bytes)));
        }
        int side = pot ? Integer.highestOneBit(maxSize) : maxSize;
        String limit = "--max-size " + maxSize + (pot && side != maxSize ? " with --pot" : "");
        for (int i = 0; i < decoded.size(); i++) {
            PixelImage image = decoded.get(i);
            if (image.width() > side || image.height() > side) {
                throw new SkinMeshException("image '" + images.get(i) + "' is " + image.width() + "x" + image.height()
                        + ", larger than an atlas of at most " + side + "x" + side + " (" + limit + ")");
            }
        }
        // More pages than one are allowed only to name the images that do not fit the first; with the
        // pages unbounded, a set that fits one page is packed exactly as with one page at most.
        PackOptions pack = PackOptions.DEFAULTS.withSizing(pot ? PageSizing.POWER_OF_TWO : PageSizing.FREE)
                .withMaxSize(maxSize, maxSize).withMaxPages(Math.min(images.size(), PackOptions.MAX_PAGES))
                .withPadding(padding).withBlock(block, block);
        PackResult packed;
        try {
            packed = Packing.packAtlas(inputs, pack);
        } catch (ValidationException e) {
            throw new SkinMeshException("the images do not fit an atlas of at most " + side + "x" + side + " ("
                    + limit + ", --padding " + padding + ", --block " + block + "): " + e.getMessage(), e);
        }
        if (packed.pages().size() > 1) {
            throw new SkinMeshException(leftOver(packed, side, limit));
        }
        List<Placement> distinct = new ArrayList<>();
        for (Placement p : packed.placements()) {
            if (packed.representative(p.input()) == p.input()) {
                distinct.add(p);
            }
        }
        PackPage page = packed.pages().get(0);
        int gutter = Math.min(padding / 2, CompositeOptions.MAX_GUTTER);
        CompositeOptions composite = CompositeOptions.DEFAULTS.withGutter(gutter).withMinCleanLevel(gutter > 0 ? 0 : -1);
        CompositeResult atlas;
        try (ConsoleProgress progress = quiet.progress()) {
            atlas = Compositor.composite(decoded, distinct, List.of(new ImageSize(page.width(), page.height())),
                    composite, progress);
        }
        byte[] png = Png.encode(atlas.page(0));
        try (outputs) {
            outputs.write(out, png);
            outputs.write(layout, Json.bytes(describe(packed, page, out)));
            outputs.commit();
        }
        PrintWriter w = cl.getOut();
        w.printf(Locale.ROOT, "packed %d image%s (%d distinct) into %s: %dx%d, fill %.3f; layout in %s%n", images.size(),
                images.size() == 1 ? "" : "s", packed.distinctCount(), out, page.width(), page.height(), page.fill(),
                layout);
        w.flush();
        return SkinMeshCommand.OK;
    }

    /** @return the message naming the images that a set too large for one page leaves over */
    private String leftOver(PackResult packed, int side, String limit) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < packed.inputCount(); i++) {
            Placement p = packed.placement(i);
            if (p.page() > 0 && packed.representative(i) == i) {
                names.add("'" + images.get(i) + "' (" + p.width() + "x" + p.height() + ")");
            }
        }
        int shown = Math.min(names.size(), 3);
        return packed.distinctCount() + " distinct images do not fit one atlas of at most " + side + "x" + side + " ("
                + limit + ", --padding " + padding + ", --block " + block + "): " + names.size() + " left over, "
                + String.join(", ", names.subList(0, shown)) + (names.size() > shown ? " and " + (names.size() - shown)
                + " more" : "") + "; raise --max-size or atlas fewer images";
    }

    /** @return {@code ATLAS.json} beside {@code ATLAS.png} */
    static Path layoutPath(Path atlas) {
        String name = atlas.getFileName().toString();
        return atlas.resolveSibling(name.substring(0, name.length() - ".png".length()) + ".json");
    }

    /** The layout JSON. */
    ObjectNode describe(PackResult packed, PackPage page, Path atlas) {
        ObjectNode root = Json.object();
        root.put("format", "skinmesh-atlas-layout");
        root.put("formatVersion", LAYOUT_FORMAT_VERSION);
        root.put("image", atlas.getFileName().toString());
        root.put("width", page.width());
        root.put("height", page.height());
        root.put("fill", page.fill());
        root.put("padding", padding);
        root.put("block", block);
        root.put("powerOfTwo", pot);
        ArrayNode rects = root.putArray("rects");
        for (int i = 0; i < packed.inputCount(); i++) {
            Placement p = packed.placement(i);
            ObjectNode o = rects.addObject();
            o.put("input", images.get(i).toString());
            o.put("x", p.x());
            o.put("y", p.y());
            o.put("width", p.width());
            o.put("height", p.height());
            o.put("rotated", p.rotated());
            o.put("sameAs", packed.representative(i));
            // the layout's uv map is atlas's own (an unturned placement: m[1] = m[3] = 0)
            double[] m = UvTransform.of(p, page.width(), page.height(), VOrigin.TOP_LEFT)
                    .coefficientsInto(new double[6], 0);
            ObjectNode uv = o.putObject("uv");
            uv.putArray("scale").add(m[0]).add(m[4]);
            uv.putArray("offset").add(m[2]).add(m[5]);
        }
        return root;
    }
}
