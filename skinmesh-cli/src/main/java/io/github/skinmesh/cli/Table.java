package io.github.skinmesh.cli;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table: the first column left-aligned, the others right-aligned, two spaces apart. */
final class Table {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    Table(String... header) {
        this.columns = header.length;
        rows.add(header);
    }

    Table row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, expected " + columns);
        }
        String[] r = new String[columns];
        for (int i = 0; i < columns; i++) {
            r[i] = String.valueOf(cells[i]);
        }
        rows.add(r);
        return this;
    }

    String render() {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                if (i > 0) {
                    line.append("  ");
                }
                String pad = " ".repeat(width[i] - r[i].length());
                line.append(i == 0 ? r[i] + pad : pad + r[i]);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
