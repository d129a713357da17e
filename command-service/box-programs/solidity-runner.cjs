'use strict';
/*
 * Runs inside the sandbox (node, work dir /box): compiles the learner's Solution.sol (and the question's
 * Support.sol) with solc, deploys into a fresh in-process EVM per test and runs the test's steps. It
 * records what happened (returns, reverts, events, balances) and never sees what was expected: the judge
 * compares outside the box (command-service/src/execution/solidity/judge-solidity.ts).
 *
 *   argv: solc, @ethereumjs/evm, @ethereumjs/common, @ethereumjs/util, ethers (their package dirs)
 *   stdin: { source, support?, contractName, evmVersion, funds, genesisTime, accounts, tests }
 *   results.jsonl, one line each, flushed at once:
 *     {"compileError": "..."} | {"compiled": {"ms": n, "warnings": "..."}}
 *     {"start": i}  {"test": i, "step": j, "obs": {...}}  (step -1 is the main deploy)  {"done": i}
 */
const fs = require('fs');
const path = require('path');

const [solcDir, evmDir, commonDir, utilDir, ethersDir] = process.argv.slice(2);
/** Events kept per step, and the largest return value kept (JSON characters). */
const MAX_EVENTS = 50;
const MAX_RETURN_CHARS = 50_000;
const out = fs.openSync(path.join(process.cwd(), 'results.jsonl'), 'a');
const emit = (line) => fs.writeSync(out, JSON.stringify(line) + '\n');

function compile(solc, spec) {
  const sources = { 'Solution.sol': { content: spec.source } };
  if (spec.support) sources['Support.sol'] = { content: spec.support };
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: false },
      evmVersion: spec.evmVersion,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const findImport = (name) => ({
    error: `Only Solution.sol${spec.support ? ' and Support.sol' : ''} can be imported here, not ${name}`,
  });
  let output;
  try {
    output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  } catch (error) {
    return { error: `The compiler failed: ${error && error.message}` };
  }
  const problems = (output.errors || []).filter((e) => e.severity === 'error');
  if (problems.length > 0)
    return { error: problems.map((e) => (e.formattedMessage || e.message).trim()).join('\n\n') };
  const warnings = (output.errors || [])
    .filter((e) => e.severity !== 'error' && e.sourceLocation && e.sourceLocation.file === 'Solution.sol')
    .map((e) => (e.formattedMessage || e.message).trim())
    .join('\n\n');
  const contracts = {};
  for (const file of Object.keys(output.contracts || {})) {
    for (const [name, contract] of Object.entries(output.contracts[file])) {
      // The learner's contracts win a name clash with the support file's.
      if (file === 'Solution.sol' || !contracts[name])
        contracts[name] = { abi: contract.abi, bytecode: contract.evm.bytecode.object, file };
    }
  }
  const main =
    output.contracts &&
    output.contracts['Solution.sol'] &&
    output.contracts['Solution.sol'][spec.contractName];
  if (!main) return { error: `Solution.sol must define the contract ${spec.contractName}.` };
  if (!main.evm.bytecode.object)
    return { error: `${spec.contractName} cannot be deployed: it is abstract or an interface.` };
  return { contracts, warnings };
}

async function main() {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream._handle && typeof stream._handle.setBlocking === 'function') stream._handle.setBlocking(true);
  }
  const spec = JSON.parse(fs.readFileSync(0, 'utf8'));
  const started = Date.now();
  const solc = require(solcDir);
  const compiled = compile(solc, spec);
  if (compiled.error) {
    emit({ compileError: compiled.error });
    return;
  }
  emit({ compiled: { ms: Date.now() - started, warnings: compiled.warnings } });

  const { createEVM } = require(evmDir);
  const { Common, Mainnet } = require(commonDir);
  const util = require(utilDir);
  const ethers = require(ethersDir);
  const { Interface, AbiCoder } = ethers;
  const coder = AbiCoder.defaultAbiCoder();

  const interfaces = {};
  for (const [name, contract] of Object.entries(compiled.contracts))
    interfaces[name] = new Interface(contract.abi);
  // Every error and event fragment, for errors raised and events emitted by contracts without a label.
  const seen = new Set();
  const shared = [];
  for (const contract of Object.values(compiled.contracts)) {
    for (const item of contract.abi) {
      if (item.type !== 'error' && item.type !== 'event') continue;
      const key = JSON.stringify(item);
      if (!seen.has(key)) shared.push(item);
      seen.add(key);
    }
  }
  let sharedInterface;
  try {
    sharedInterface = new Interface(shared);
  } catch {
    sharedInterface = new Interface([]);
  }

  const accountAddress = (name) => ethers.id(`solidity-judge:${name}`).slice(-40);

  for (let t = 0; t < spec.tests.length; t++) {
    emit({ start: t });
    const test = spec.tests[t];
    const common = new Common({ chain: Mainnet, hardfork: spec.evmVersion });
    const evm = await createEVM({ common });
    const labels = new Map(); // label -> 0x address (lowercase, no checksum)
    const names = new Map(); // address -> label
    const kinds = new Map(); // label -> contract name
    const label = (name, address) => {
      labels.set(name, address);
      names.set(address, name);
    };
    for (const account of spec.accounts) {
      const address = '0x' + accountAddress(account);
      label(account, address);
      await evm.stateManager.putAccount(
        util.createAddressFromString(address),
        new util.Account(0n, BigInt(spec.funds)),
      );
    }
    let time = BigInt(spec.genesisTime);
    let number = 1n;

    const toAddress = (value) => {
      if (typeof value === 'string' && value.startsWith('@')) {
        const address = labels.get(value.slice(1));
        if (!address) throw new Error(`unknown account or contract ${value}`);
        return address;
      }
      return value;
    };
    const toArg = (type, value) => {
      if (type.baseType === 'array') {
        if (!Array.isArray(value)) throw new Error(`expected an array for ${type.format()}`);
        return value.map((v) => toArg(type.arrayChildren, v));
      }
      if (type.baseType === 'tuple') {
        if (!Array.isArray(value)) throw new Error(`expected an array for ${type.format()}`);
        return type.components.map((c, i) => toArg(c, value[i]));
      }
      if (type.baseType === 'address') return toAddress(value);
      if (/^u?int/.test(type.baseType)) return BigInt(value);
      return value;
    };
    const fromValue = (type, value) => {
      if (type.baseType === 'array') return Array.from(value, (v) => fromValue(type.arrayChildren, v));
      if (type.baseType === 'tuple') return type.components.map((c, i) => fromValue(c, value[i]));
      if (type.baseType === 'address') {
        const address = String(value).toLowerCase();
        return names.has(address) ? '@' + names.get(address) : address;
      }
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'string' && /^0x/i.test(value)) return value.toLowerCase();
      return value;
    };
    const fromValues = (params, values) => params.map((p, i) => fromValue(p, values[i]));

    const decodeRevert = (data) => {
      const hex = util.bytesToHex(data);
      if (hex === '0x') return {};
      const selector = hex.slice(0, 10);
      try {
        if (selector === '0x08c379a0') return { reason: coder.decode(['string'], '0x' + hex.slice(10))[0] };
        if (selector === '0x4e487b71')
          return { panic: Number(coder.decode(['uint256'], '0x' + hex.slice(10))[0]) };
        const error = sharedInterface.parseError(hex);
        if (error) return { error: error.name, args: fromValues(error.fragment.inputs, error.args) };
      } catch {
        // data that is no known error
      }
      return { data: hex.length > 200 ? hex.slice(0, 200) + '…' : hex };
    };
    const decodeLogs = (logs) =>
      (logs || []).map(([address, topics, data]) => {
        const emitter = util.bytesToHex(address).toLowerCase();
        const from = names.get(emitter) || emitter;
        const iface = kinds.has(from) ? interfaces[kinds.get(from)] : sharedInterface;
        const log = { topics: topics.map((x) => util.bytesToHex(x)), data: util.bytesToHex(data) };
        let parsed = null;
        try {
          parsed = iface.parseLog(log) || sharedInterface.parseLog(log);
        } catch {
          parsed = null;
        }
        if (!parsed) return { name: '(unknown event)', from, topics: log.topics, data: log.data };
        return { name: parsed.name, args: fromValues(parsed.fragment.inputs, parsed.args), from };
      });

    const run = async (step, isDeploy) => {
      time += 12n + BigInt(step.advance || 0);
      number += 1n;
      const block = {
        header: {
          number,
          coinbase: util.createZeroAddress(),
          timestamp: time,
          difficulty: 0n,
          prevRandao: new Uint8Array(32),
          gasLimit: 30_000_000n,
          baseFeePerGas: 0n,
          getBlobGasPrice: () => undefined,
        },
      };
      const obs = {};
      let data;
      let to;
      let iface;
      let fragment;
      const sender = step.from || 'deployer';
      try {
        if (isDeploy) {
          const kind = step.deploy;
          const contract = compiled.contracts[kind];
          if (!contract) throw new Error(`no contract ${kind} to deploy`);
          iface = interfaces[kind];
          const args = step.args || [];
          const inputs = iface.deploy.inputs;
          if (args.length !== inputs.length)
            throw new Error(
              `the constructor of ${kind} takes ${inputs.length} arguments, the test gives ${args.length}`,
            );
          const encoded = iface.encodeDeploy(inputs.map((p, i) => toArg(p, args[i])));
          data = util.hexToBytes('0x' + contract.bytecode + encoded.slice(2));
        } else {
          const target = step.to || 'contract';
          if (!labels.has(target) || !kinds.has(target)) throw new Error(`no contract ${target}`);
          iface = interfaces[kinds.get(target)];
          fragment = iface.getFunction(step.call);
          if (!fragment) throw new Error(`the contract has no function ${step.call}`);
          const args = step.args || [];
          if (args.length !== fragment.inputs.length)
            throw new Error(
              `${fragment.format()} takes ${fragment.inputs.length} arguments, the test gives ${args.length}`,
            );
          data = util.hexToBytes(
            iface.encodeFunctionData(
              fragment,
              fragment.inputs.map((p, i) => toArg(p, args[i])),
            ),
          );
          to = util.createAddressFromString(labels.get(target));
        }
      } catch (error) {
        return { setupError: String((error && error.message) || error) };
      }
      const caller = util.createAddressFromString(labels.get(sender));
      const gasLimit = BigInt(step.gas || (isDeploy ? spec.deployGas : spec.callGas));
      const result = await evm.runCall({
        caller,
        origin: caller,
        to,
        data,
        value: BigInt(step.value || '0'),
        gasLimit,
        block,
      });
      const exec = result.execResult;
      obs.gasUsed = String(exec.executionGasUsed);
      if (exec.exceptionError) {
        const kind = exec.exceptionError.error;
        if (kind === 'revert') obs.revert = decodeRevert(exec.returnValue);
        else obs.failure = kind === 'out of gas' ? `out of gas (gas limit ${gasLimit})` : String(kind);
      } else if (isDeploy) {
        const address = result.createdAddress.toString().toLowerCase();
        label(step.as, address);
        kinds.set(step.as, step.deploy);
        obs.deployed = step.as;
      } else {
        try {
          const values = iface.decodeFunctionResult(fragment, exec.returnValue);
          obs.returns = fromValues(fragment.outputs, values);
          const size = JSON.stringify(obs.returns).length;
          if (size > MAX_RETURN_CHARS) {
            obs.returns = null;
            obs.badReturn = `the returned value is too large to compare (${size} characters of JSON)`;
          }
        } catch (error) {
          obs.returns = null;
          obs.badReturn = String(error && error.shortMessage ? error.shortMessage : error);
        }
      }
      // Bounded, so a contract emitting in a loop cannot fill the result file (the box caps it).
      const logs = exec.exceptionError ? [] : exec.logs || [];
      obs.events = decodeLogs(logs.slice(0, MAX_EVENTS));
      if (logs.length > MAX_EVENTS) obs.eventCount = logs.length;
      if (step.balances && step.balances.length > 0) {
        obs.balances = {};
        for (const name of step.balances) {
          const address = labels.get(name);
          if (!address) {
            obs.balances[name] = null;
            continue;
          }
          const account = await evm.stateManager.getAccount(util.createAddressFromString(address));
          obs.balances[name] = String(account ? account.balance : 0n);
        }
      }
      return obs;
    };

    let ready = true;
    const before = test.before || [];
    for (let b = 0; b < before.length && ready; b++) {
      const obs = await run(before[b], true);
      emit({ test: t, step: -2 - b, obs });
      ready = Boolean(obs.deployed);
    }
    const deploy = ready
      ? await run({ ...(test.deploy || {}), deploy: spec.contractName, as: 'contract' }, true)
      : {};
    if (ready) emit({ test: t, step: -1, obs: deploy });
    if (deploy.deployed) {
      for (let s = 0; s < test.steps.length; s++) {
        const step = test.steps[s];
        const obs = await run(step, step.deploy !== undefined);
        emit({ test: t, step: s, obs });
      }
    }
    emit({ done: t });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(String((error && error.stack) || error) + '\n');
    process.exit(1);
  },
);
