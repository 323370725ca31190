package dev.recall.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputDirTest {
    @TempDir
    Path tmp;

    Path project;
    Path outside;

    @BeforeEach
    void dirs() throws IOException {
        project = Files.createDirectories(tmp.resolve("project"));
        outside = Files.createDirectories(tmp.resolve("outside"));
    }

    @Test
    void theDefaultResolvesInsideAndIsCreatedOnWrite() throws IOException {
        OutputDir out = OutputDir.resolve(project, ".recall");
        Path f = out.write("context.md", "hello");
        assertEquals(project.toRealPath().resolve(".recall/context.md"), f);
        assertEquals("hello", out.read("context.md").orElseThrow());
        assertTrue(Files.readString(project.resolve(".recall/.gitignore")).contains("\n*\n"));
        out.append("history.md", "a");
        out.append("history.md", "b");
        assertEquals("ab", Files.readString(project.resolve(".recall/history.md")));
        assertEquals(project.toRealPath().resolve("docs/agent"), OutputDir.resolve(project, "docs/agent").dir());
    }

    /** issue 12 item 7: what recall writes is private, and it only ever appends to a plain file of its own. */
    @Test
    void filesArePrivateAndOnlyPlainSingleLinkFilesAreAppendedTo() throws Exception {
        OutputDir out = OutputDir.resolve(project, ".recall");
        out.append("history.md", "a");
        out.write("context.md", "c");
        for (String name : java.util.List.of("history.md", "context.md")) {
            assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(project.resolve(".recall").resolve(name))), name);
        }

        Path victim = Files.writeString(outside.resolve("victim.txt"), "keep\n");
        Path linked = project.resolve(".recall/linked.md");
        Files.createLink(linked, victim);
        var e = assertThrows(OutputDir.UnsafePathException.class, () -> out.append("linked.md", "x"));
        assertTrue(e.getMessage().contains("2 links"), e.getMessage());
        assertEquals("keep\n", Files.readString(victim));

        Path fifo = project.resolve(".recall/fifo.md");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        var f = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
                () -> assertThrows(OutputDir.UnsafePathException.class, () -> out.append("fifo.md", "x")));
        assertTrue(f.getMessage().contains("not a regular file"), f.getMessage());
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
                () -> assertTrue(out.read("fifo.md").isEmpty()));
    }

    /** issue 12 item 6: markdown made from transcripts never carries a live escape sequence. */
    @Test
    void markdownCarriesNoLiveControlCharacters() throws Exception {
        OutputDir out = OutputDir.resolve(project, ".recall");
        out.write("context.md", "a\u001b[2Jb \u202Egnp.exe\n");
        out.append("history.md", "c\u001b]8;;https://x\u0007d\n");
        assertEquals("a\\x1B[2Jb \\u202Egnp.exe\n", Files.readString(project.resolve(".recall/context.md")));
        assertEquals("c\\x1B]8;;https://x\\x07d\n", Files.readString(project.resolve(".recall/history.md")));
    }

    @Test
    void absolutePathsAreRefused() {
        var e = assertThrows(OutputDir.UnsafePathException.class,
                () -> OutputDir.resolve(project, outside.toString()));
        assertTrue(e.getMessage().contains("absolute"), e.getMessage());
        assertThrows(OutputDir.UnsafePathException.class, () -> OutputDir.resolve(project, "~/x"));
    }

    @Test
    void dotDotIsRefusedEvenWhenItWouldComeBack() {
        assertThrows(OutputDir.UnsafePathException.class, () -> OutputDir.resolve(project, "../outside"));
        assertThrows(OutputDir.UnsafePathException.class, () -> OutputDir.resolve(project, "a/../../outside"));
        assertThrows(OutputDir.UnsafePathException.class, () -> OutputDir.resolve(project, "a/../b"));
    }

    @Test
    void aSymlinkedDirLeadingOutsideIsRefused() throws IOException {
        Files.createSymbolicLink(project.resolve(".recall"), outside);
        var e = assertThrows(OutputDir.UnsafePathException.class, () -> OutputDir.resolve(project, ".recall"));
        assertTrue(e.getMessage().contains("outside the project"), e.getMessage());
        Files.createDirectories(project.resolve("docs"));
        Files.createSymbolicLink(project.resolve("docs/link"), outside);
        assertThrows(OutputDir.UnsafePathException.class, () -> OutputDir.resolve(project, "docs/link/deeper"));
        assertFalse(Files.exists(outside.resolve("context.md")));
    }

    @Test
    void aSymlinkedDirStayingInsideIsAllowed() throws IOException {
        Files.createDirectories(project.resolve("real"));
        Files.createSymbolicLink(project.resolve(".recall"), project.resolve("real"));
        OutputDir out = OutputDir.resolve(project, ".recall");
        out.write("context.md", "x");
        assertTrue(Files.isRegularFile(project.resolve("real/context.md")));
    }

    @Test
    void aSymlinkAsTheFileIsNeverFollowed() throws IOException {
        Path target = outside.resolve("victim.txt");
        Files.writeString(target, "original");
        Files.createDirectories(project.resolve(".recall"));
        Files.createSymbolicLink(project.resolve(".recall/context.md"), target);
        Files.createSymbolicLink(project.resolve(".recall/history.md"), target);
        OutputDir out = OutputDir.resolve(project, ".recall");
        assertThrows(OutputDir.UnsafePathException.class, () -> out.write("context.md", "evil"));
        assertThrows(OutputDir.UnsafePathException.class, () -> out.append("history.md", "evil"));
        assertThrows(OutputDir.UnsafePathException.class, () -> out.read("context.md"));
        assertEquals("original", Files.readString(target));
        // even a link pointing inside the project is not followed
        Files.writeString(project.resolve("inside.txt"), "inside");
        Files.delete(project.resolve(".recall/context.md"));
        Files.createSymbolicLink(project.resolve(".recall/context.md"), project.resolve("inside.txt"));
        assertThrows(OutputDir.UnsafePathException.class, () -> out.write("context.md", "evil"));
        assertEquals("inside", Files.readString(project.resolve("inside.txt")));
    }

    @Test
    void fileNamesMustBePlain() {
        OutputDir out = OutputDir.resolve(project, ".recall");
        assertThrows(OutputDir.UnsafePathException.class, () -> out.write("../x.md", "x"));
        assertThrows(OutputDir.UnsafePathException.class, () -> out.write("a/b.md", "x"));
    }
}
