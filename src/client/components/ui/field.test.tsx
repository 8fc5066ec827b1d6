import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { Field } from "./field";
import { Input } from "./input";
import { Select } from "./select";

/** The attributes of the first element in `html` that has `id="<id>"`. */
function element(html: string, id: string): Record<string, string> {
  const tag = html.match(new RegExp(`<[a-z]+[^>]*\\sid="${id}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no element with id ${id} in ${html}`);
  return Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

function labelFor(html: string): string | undefined {
  return html.match(/<label[^>]*\sfor="([^"]*)"/)?.[1];
}

describe("Field", () => {
  it("labels its control by id, a generated one when none is given", () => {
    const html = renderToStaticMarkup(<Field label="Email Address">{(control) => <Input {...control} />}</Field>);
    const id = labelFor(html);
    expect(id).toBeTruthy();
    expect(element(html, id ?? "").type).toBe("text");
    expect(html).toContain(">Email Address</label>");
  });

  it("describes the control by its hint, extra descriptions and message, in reading order", () => {
    const html = renderToStaticMarkup(
      <Field
        id="project-name"
        label="Project name"
        hint="A short working name"
        describedBy="project-name-example"
        error="Too short"
      >
        {(control) => <Input {...control} />}
      </Field>,
    );
    const control = element(html, "project-name");
    expect(control["aria-describedby"]).toBe("project-name-hint project-name-example project-name-error");
    expect(element(html, "project-name-hint")).toBeTruthy();
    expect(html).toContain(">A short working name</p>");
    expect(element(html, "project-name-error").role).toBe("alert");
    expect(html).toMatch(/id="project-name-error"[^>]*>Too short<\/p>/);
  });

  it("marks the control invalid only while there is a message", () => {
    const invalid = renderToStaticMarkup(
      <Field id="email" label="Email" error="Please enter a valid email address">
        {(control) => <Input {...control} />}
      </Field>,
    );
    expect(element(invalid, "email")["aria-invalid"]).toBe("true");

    const valid = renderToStaticMarkup(
      <Field id="email" label="Email">
        {(control) => <Input {...control} />}
      </Field>,
    );
    expect(element(valid, "email")["aria-invalid"]).toBeUndefined();
    expect(element(valid, "email")["aria-describedby"]).toBeUndefined();
    expect(valid).not.toContain("email-error");
    expect(valid).not.toContain('role="alert"');
  });

  it("keeps the required asterisk out of the accessible name", () => {
    const html = renderToStaticMarkup(
      <Field id="name" label="Name" required>
        {(control) => <Input {...control} />}
      </Field>,
    );
    expect(html).toMatch(/<label for="name"[^>]*>Name<span aria-hidden="true"[^>]*>[^*]*\*<\/span><\/label>/);
  });

  it("works with react-hook-form's register and with a controlled Radix Select", () => {
    function Form() {
      const form = useForm({ defaultValues: { email: "ada@example.com", access: "" } });
      return (
        <>
          <Field id="member-email" label="Email Address" error="Invalid email address">
            {(control) => <Input {...control} {...form.register("email")} />}
          </Field>
          <Field id="member-access" label="Access Level" error="Please select an access level">
            {(control) => <Select {...control} value="" onValueChange={() => {}} options={[{ value: "user", label: "User" }]} />}
          </Field>
        </>
      );
    }
    const html = renderToStaticMarkup(<Form />);
    const email = element(html, "member-email");
    expect(email.name).toBe("email");
    expect(email["aria-describedby"]).toBe("member-email-error");
    const trigger = element(html, "member-access");
    expect(trigger.role).toBe("combobox");
    expect(trigger["aria-invalid"]).toBe("true");
    expect(trigger["aria-describedby"]).toBe("member-access-error");
  });
});
