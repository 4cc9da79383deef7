package dev.wowcompat.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InputProblemTest {

    @Test
    void lineIsSourcePointerAndMessage() {
        assertEquals("m.json: /contexts/Bank: bad name", new InputProblem("m.json", "/contexts/Bank", "c", "bad name").line());
        assertEquals("m.json: no such file", new InputProblem("m.json", "", "c", "no such file").line());
    }

    @Test
    void aVeryDeepPointerIsShortenedForReadingButKeptWholeForPrograms() {
        String deep = "/0".repeat(501);
        InputProblem p = new InputProblem("deep.json", deep, ProblemCodes.TOO_DEEP, "too deep");
        String line = p.line();
        assertTrue(line.length() < 260, line);
        assertTrue(line.startsWith("deep.json: /0/0/0"), line);
        assertTrue(line.contains("/.../"), line);
        assertTrue(line.endsWith("/0/0: too deep"), line);
        assertEquals(deep, p.pointer());
    }
}
